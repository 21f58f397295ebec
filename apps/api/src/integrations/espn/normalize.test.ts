import { parseStartingSlots } from '@fm/engine';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fakes/fixtures.js';
import { ESPN_LINEUP_SLOTS } from './ids.js';
import {
  espnUnsupportedScoring,
  toAppLeague,
  toAppMatchups,
  toAppRosters,
  toRosterPositions,
} from './normalize.js';
import { type EspnLeague, espnLeagueSchema } from './schemas.js';
import { toSleeperScoring } from './scoring.js';

const recorded = (): EspnLeague => espnLeagueSchema.parse(readFixture('espn/league_2023_week1_modular.json'));

describe('ESPN league → app league (fixture league, 2023 week 1)', () => {
  const league = toAppLeague(recorded());

  it('reads the league header and its status', () => {
    expect(league).toMatchObject({
      league_id: '31415926',
      name: 'Anonymised ESPN League',
      total_rosters: 10,
      season: '2023',
      status: 'in_season',
      current_week: 1,
      settings: { num_teams: 10, playoff_teams: 6, playoff_week_start: 14, start_week: 1 },
    });
  });

  it('expands slot counts by slot id into Sleeper slot names, starters in lineup order', () => {
    expect(league.roster_positions).toEqual([
      'QB',
      'RB',
      'RB',
      'WR',
      'WR',
      'TE',
      'FLEX',
      'DEF',
      'K',
      'BN',
      'BN',
      'BN',
      'BN',
      'BN',
      'BN',
      'IR',
    ]);
    expect(parseStartingSlots(league.roster_positions).map((slot) => slot.label)).toEqual([
      'QB',
      'RB',
      'RB',
      'WR',
      'WR',
      'TE',
      'FLEX',
      'DEF',
      'K',
    ]);
  });

  it('maps every ESPN slot the brief names: RB/WR, WR/TE, superflex, D/ST, K, bench, IR', () => {
    const positions = toRosterPositions({
      '0': 1,
      '3': 1,
      '5': 1,
      '7': 1,
      '16': 1,
      '17': 1,
      '20': 2,
      '21': 1,
      '23': 1,
      '24': 0,
    });
    expect(positions).toEqual([
      'QB',
      'WRRB_FLEX',
      'REC_FLEX',
      'FLEX',
      'SUPER_FLEX',
      'DEF',
      'K',
      'BN',
      'BN',
      'IR',
    ]);
    const slots = parseStartingSlots(positions);
    expect(slots.find((slot) => slot.label === 'SUPER_FLEX')!.eligible).toEqual(['QB', 'RB', 'WR', 'TE']);
    expect(slots.find((slot) => slot.label === 'FLEX')!.eligible).toEqual(['RB', 'WR', 'TE']);
    expect(ESPN_LINEUP_SLOTS.get(23)).toBe('FLEX');
  });

  it('scores PPR with ESPN D/ST overrides on the defense keys', () => {
    const scoring = league.scoring_settings;
    // 18–21 points allowed scores 0 where 14–17 scores 1; 46+ -5 where 35–45 -3; stat 209 we do not know
    expect(espnUnsupportedScoring(recorded())).toEqual(
      expect.arrayContaining(['espn_121', 'espn_125', 'espn_209']),
    );
    expect(scoring).toMatchObject({
      pass_yd: 0.04,
      pass_td: 4,
      pass_int: -2,
      rush_yd: 0.1,
      rec: 1,
      rec_td: 6,
      fum_lost: -2,
      xpm: 1,
      fgmiss: -1,
      fgm_40_49: 4,
      fgm_30_39: 3,
      fgm_50_59: 5,
      fgm_60p: 6,
      kr_td: 6,
      // The same stat ids answer the team defense through their slot-16 override.
      int: 2,
      sack: 1,
      fum_rec: 2,
      safe: 2,
      blk_kick: 2,
      def_td: 6,
      def_st_td: 6,
      pts_allow_0: 5,
      pts_allow_1_6: 4,
      pts_allow_7_13: 3,
      pts_allow_14_20: 1,
      pts_allow_28_34: -1,
      pts_allow_35p: -3,
      yds_allow_0_100: 5,
      yds_allow_550p: -7,
    });
    expect(scoring).not.toHaveProperty('espn_89');
  });

  it('turns a slot-specific reception override into the Sleeper premium key, and keeps unknown stats', () => {
    expect(
      toSleeperScoring([
        { statId: 53, points: 1, pointsOverrides: { '6': 1.5 } },
        { statId: 9999, points: 2 },
      ]),
    ).toEqual({ rec: 1, bonus_rec_te: 0.5, espn_9999: 2 });
  });
});

describe('ESPN rosters and matchups', () => {
  const league = recorded();
  const sleeperIds = new Map([['3929630', '4866']]);
  const rosters = toAppRosters(league, 1, { sleeperIdByEspnId: sleeperIds }, (memberId) => memberId);

  it('gives each of the 10 teams its owner, starters by slot id, bench and IR', () => {
    expect(rosters).toHaveLength(10);
    const everyone = rosters.flatMap((r) => [
      ...r.players.starters,
      ...r.players.bench,
      ...r.players.reserve,
    ]);
    expect(everyone).toHaveLength(150);
    // 9 starting slots per team; one team left its TE slot empty.
    expect(rosters.reduce((sum, r) => sum + r.players.starters.length, 0)).toBe(89);
    expect(rosters.reduce((sum, r) => sum + r.players.bench.length, 0)).toBe(61);
    const team1 = rosters.find((r) => r.roster_id === 1)!;
    expect(team1).toMatchObject({
      owner_id: '{05BF957C-0360-1F2F-117D-DDA306D4C35A}',
      owner_name: 'Team AA',
      wins: 0,
    });
    expect(team1.players.starters[0]!.position).toBe('QB');
    expect(team1.players.starters.at(-2)!.position).toBe('DEF');
    expect(team1.players.starters.at(-1)!.position).toBe('K');
  });

  it('puts a player in the slot ESPN says, whatever his position (FLEX holds an RB, WR or TE)', () => {
    const entries = league.schedule
      .flatMap((item) => [item.home!, item.away!])
      .flatMap((side) => side.rosterForCurrentScoringPeriod!.entries);
    const flexIds = entries
      .filter((entry) => entry.lineupSlotId === 23)
      .map((entry) => String(entry.playerId));
    expect(flexIds).toHaveLength(10);
    for (const roster of rosters) {
      const flex = roster.players.starters.find((p) => flexIds.includes(p.player_id));
      if (flex) expect(['RB', 'WR', 'TE']).toContain(flex.position);
      // FLEX sits after the TE and before D/ST, as in roster_positions.
      const index = roster.players.starters.findIndex((p) => p.player_id === flex?.player_id);
      expect(roster.players.starters[index + 1]?.position).toBe('DEF');
    }
  });

  it('reads players: name, position, pro team, injury status, Sleeper id when linked', () => {
    const everyone = rosters.flatMap((r) => [...r.players.starters, ...r.players.bench]);
    expect(everyone.find((p) => p.player_id === '3929630')).toEqual({
      player_id: '3929630',
      name: 'Saquon Barkley',
      position: 'RB',
      team: 'NYG',
      injury_status: null,
      sleeper_id: '4866',
    });
    const statuses = everyone.map((p) => p.injury_status).filter(Boolean);
    expect(statuses).toEqual(expect.arrayContaining(['Questionable', 'Out', 'Sus']));
    expect(everyone.filter((p) => p.position === 'DEF').every((p) => p.name.endsWith('D/ST'))).toBe(true);
    expect(everyone.every((p) => p.team !== 'FA' || p.position !== 'DEF')).toBe(true);
  });

  it('answers the week’s five games, two sides each, with projected totals and no points before kickoff', () => {
    const matchups = toAppMatchups(league, 1);
    expect(matchups).toHaveLength(10);
    expect(new Set(matchups.map((m) => m.matchup_id))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(matchups[0]).toMatchObject({ matchup_id: 1, roster_id: 15, points: 0, players_points: {} });
    expect(matchups[0]!.projected_points).toBeCloseTo(119.55, 2);
    expect(matchups[0]!.starters).toHaveLength(9);
  });

  it('reads live totals and each player’s points of the week once games are played', () => {
    const live = recorded();
    const side = live.schedule[0]!.home!;
    side.totalPoints = 0;
    side.totalPointsLive = 42.5;
    const entry = side.rosterForCurrentScoringPeriod!.entries[0]!;
    entry.playerPoolEntry.player.stats.push({
      statSourceId: 0,
      statSplitTypeId: 1,
      scoringPeriodId: 1,
      appliedTotal: 17.3,
    });
    const [first] = toAppMatchups(live, 1);
    expect(first).toMatchObject({ points: 42.5, players_points: { [String(entry.playerId)]: 17.3 } });
  });

  it('has no matchups for a week the answer does not hold', () => {
    expect(toAppMatchups(league, 2)).toEqual([]);
  });
});

describe('a league answered without settings or teams (Set B: a finished 2018 season, mMatchupScore only)', () => {
  const league = espnLeagueSchema.parse(readFixture('espn/espnapi_league_matchupScore_2018.json'));

  it('still reads as a completed league of its ten teams, opening on its last week with final scores', () => {
    const app = toAppLeague(league);
    expect(app).toMatchObject({
      league_id: '368876',
      name: 'ESPN league 368876',
      season: '2018',
      status: 'complete',
      total_rosters: 10,
      current_week: 16,
    });
    const rosters = toAppRosters(league, 16, {}, (memberId) => memberId);
    expect(rosters.map((roster) => roster.roster_id)).toHaveLength(10);
    const week1 = toAppMatchups(league, 1);
    expect(week1).toHaveLength(10);
    expect(week1.find((m) => m.roster_id === 11)).toMatchObject({ matchup_id: 1, points: 163.56 });
  });
});
