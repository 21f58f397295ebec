import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fakes/fixtures.js';
import { DEFAULT_AVATAR_URL } from '../league-shapes.js';
import { toAppLeague, toAppMatchups, toAppPlayer, toAppRosters, toAppSleeperAccount } from './normalize.js';
import {
  sleeperLeagueSchema,
  sleeperLeagueUsersSchema,
  sleeperMatchupsSchema,
  sleeperPlayerDirectorySchema,
  sleeperRostersSchema,
  sleeperUserSchema,
} from './schemas.js';

const directory = sleeperPlayerDirectorySchema.parse({
  ...readFixture('sleeper/players_nfl_sample.json'),
  ...readFixture('sleeper/players_nfl_sample_2025_week1.json'),
});
const setBRosters = sleeperRostersSchema.parse(readFixture('sleeper/season2025_league_rosters.json'))!;
const setBUsers = sleeperLeagueUsersSchema.parse(readFixture('sleeper/season2025_league_users.json'))!;
const setARosters = sleeperRostersSchema.parse(readFixture('sleeper/league_rosters.json'))!;
const setAUsers = sleeperLeagueUsersSchema.parse(readFixture('sleeper/league_users.json'))!;

describe('Sleeper normalizer', () => {
  it('turns the account lookup into id, name and avatar thumbnail', () => {
    const user = sleeperUserSchema.parse(readFixture('sleeper/user.json'));
    expect(toAppSleeperAccount({ ...user, user_id: user.user_id! })).toEqual({
      id: '727931651199414272',
      name: 'dakeif',
      avatar: 'https://sleepercdn.com/avatars/thumbs/f0edbf4278f53f9425db175073df6584',
    });
    expect(toAppSleeperAccount({ user_id: '1', display_name: 'x', avatar: null }).avatar).toBe(
      DEFAULT_AVATAR_URL,
    );
  });

  it('keeps league ids as strings and summarizes the settings', () => {
    const league = toAppLeague(
      sleeperLeagueSchema.parse(readFixture('sleeper/season2025_league.json')),
      'dakeif',
    );
    expect(league).toMatchObject({
      league_id: '1260643183704932352',
      name: 'You Get in the Bowl',
      total_rosters: 10,
      season: '2025',
      status: 'complete',
      username: 'dakeif',
      settings: {
        num_teams: 10,
        playoff_teams: 6,
        playoff_week_start: 15,
        league_average_match: 0,
        league_type: 0,
      },
    });
    expect(league.roster_positions).toContain('WRRB_FLEX');
    expect(league.scoring_settings.rec).toBe(1);
  });

  it('builds Set B rosters: owners, records, fpts with hundredths, starters and bench', () => {
    const rosters = toAppRosters(setBRosters, setBUsers, directory);
    expect(rosters).toHaveLength(10);
    const first = rosters.find((roster) => roster.roster_id === 1)!;
    expect(first).toMatchObject({
      owner_id: '1135367736106127360',
      wins: 5,
      losses: 9,
      ties: 0,
      fpts: 1762.96,
      fpts_against: 1863.14,
    });
    expect(first.owner_name).not.toBe('Unknown Owner');
    expect(first.players.starters.map((p) => p.player_id)).toEqual([
      '8183',
      '5850',
      '3198',
      '9488',
      '9504',
      '12518',
      '11635',
      '12711',
      'DEN',
    ]);
    expect(first.players.bench.map((p) => p.player_id).sort()).toEqual([
      '10213',
      '11563',
      '12499',
      '2133',
      '8111',
      'MIA',
    ]);
    for (const roster of rosters) {
      const everyone = [...roster.players.starters, ...roster.players.bench, ...roster.players.reserve];
      const source = setBRosters.find((r) => r.roster_id === roster.roster_id)!;
      expect(everyone.map((p) => p.player_id).sort()).toEqual([...source.players!].sort());
    }
  });

  it('names the owner by team name, else display name, else Unknown Owner', () => {
    const rosters = toAppRosters(setARosters, setAUsers, directory);
    const teamNames = new Map(setAUsers.map((u) => [u.user_id, u.metadata?.team_name]));
    for (const roster of rosters) {
      const user = setAUsers.find((u) => u.user_id === roster.owner_id)!;
      expect(roster.owner_name).toBe(teamNames.get(roster.owner_id!) || user.display_name);
    }
    const withoutTeamName = setAUsers.filter((u) => !u.metadata?.team_name);
    expect(withoutTeamName.length).toBeGreaterThan(0);
    const orphan = toAppRosters([{ ...setARosters[0]!, owner_id: null }], setAUsers, directory)[0]!;
    expect(orphan).toMatchObject({ owner_name: 'Unknown Owner', owner_avatar: DEFAULT_AVATAR_URL });
  });

  it('puts IR and taxi players in reserve, not on the bench', () => {
    const withReserve = setARosters.find((r) => (r.reserve?.length ?? 0) + (r.taxi?.length ?? 0) > 0)!;
    const roster = toAppRosters([withReserve], setAUsers, directory)[0]!;
    const reserveIds = [...(withReserve.reserve ?? []), ...(withReserve.taxi ?? [])];
    expect(roster.players.reserve.map((p) => p.player_id).sort()).toEqual([...new Set(reserveIds)].sort());
    expect(roster.players.bench.some((p) => reserveIds.includes(p.player_id))).toBe(false);
  });

  it('survives an empty roster (players: null) and empty starter slots ("0")', () => {
    const roster = toAppRosters(
      [{ roster_id: 11, owner_id: null, players: null, starters: ['0', '4984', '0'], settings: null }],
      [],
      directory,
    )[0]!;
    expect(roster.players.starters.map((p) => p.player_id)).toEqual(['4984']);
    expect(roster.players.bench).toEqual([]);
    expect(roster).toMatchObject({ wins: 0, losses: 0, fpts: 0 });
  });

  it('applies the spec defaults to players missing from the directory', () => {
    expect(toAppPlayer('99999999', directory)).toMatchObject({
      name: 'Unknown Player',
      position: 'N/A',
      team: 'FA',
    });
    expect(toAppPlayer('BAL', directory)).toMatchObject({
      name: 'BAL Defense',
      position: 'DEF',
      team: 'BAL',
    });
    expect(toAppPlayer('DET', directory)).toMatchObject({
      name: 'Detroit Lions',
      position: 'DEF',
      team: 'DET',
    });
    const freeAgentId = Object.keys(directory).find((id) => directory[id]!.team === null)!;
    expect(toAppPlayer(freeAgentId, directory).team).toBe('FA');
  });

  it('reads matchups: points, per-player points and byes', () => {
    const week1 = toAppMatchups(
      sleeperMatchupsSchema.parse(readFixture('sleeper/season2025_league_matchups_week1.json'))!,
    );
    const first = week1.find((m) => m.roster_id === 1)!;
    expect(first).toMatchObject({ matchup_id: 2, points: 136.14 });
    expect(first.players_points['3198']).toBe(29.2);
    expect(first.starters).toHaveLength(9);
    const opponents = week1.filter((m) => m.matchup_id === 2);
    expect(opponents).toHaveLength(2);
    const week17 = toAppMatchups(
      sleeperMatchupsSchema.parse(readFixture('sleeper/season2025_league_matchups_week17.json'))!,
    );
    expect(week17.filter((m) => m.matchup_id === null)).toHaveLength(6);
  });
});
