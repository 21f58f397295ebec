import { playerGame, recordedPoints } from '@fm/contract';
import { describe, expect, it } from 'vitest';
import type { LeagueDetails, LeaguePlayer, LeagueRoster } from '../shared/league-details';
import { expectedPointsOf } from './matchup-players';
import { injuryTag, playerGameStatus } from './player-game';
import {
  rosterPositionsFromCounts,
  rosterPositionsOf,
  sideLineup,
  withPlayerStarted,
  withStarterBenched,
} from './side-lineup';

// Without game fields unless a test gives them: the answer of a server that does not say where games stand.
const player = (player_id: string, position: string, extra: Partial<LeaguePlayer> = {}): LeaguePlayer =>
  ({
    player_id,
    name: `Player ${player_id}`,
    position,
    team: 'KC',
    injury_status: null,
    ...extra,
  }) as LeaguePlayer;

function leagueWith(
  starters: LeaguePlayer[],
  bench: LeaguePlayer[],
  rosterPositions: string[],
): LeagueDetails {
  const roster: LeagueRoster = {
    roster_id: 1,
    owner_id: 'o1',
    owner_name: 'Team 1',
    owner_avatar: '',
    wins: 0,
    losses: 0,
    ties: 0,
    fpts: 0,
    fpts_against: 0,
    players: { starters, bench, reserve: [] },
  };
  return {
    platform: 'yahoo',
    league: {
      league_id: 'L1',
      name: 'League',
      total_rosters: 1,
      season: '2025',
      status: 'in_season',
      roster_positions: rosterPositions,
      scoring_settings: {},
      settings: {
        num_teams: 1,
        playoff_teams: null,
        playoff_week_start: null,
        league_average_match: 0,
        league_type: null,
        start_week: null,
      },
      avatar: null,
    },
    week: 7,
    is_week_complete: false,
    my_roster_id: 1,
    rosters: [roster],
    matchups: [],
    projections: {
      wr1: {
        mean: 15,
        std: 5,
        p10: 8,
        p50: 14,
        p90: 23,
        team: 'KC',
        opponent: '@BUF',
        source: 'model',
        is_league_scored: true,
        depth_rank: 1,
      },
    },
    app_player_ids: {},
    stats_points: {},
    scoring_from: 'none',
    scoring_unsupported: [],
    data_as_of: '2025-10-20T12:00:00.000Z',
    is_stale: false,
    projections_freshness: null,
    games: [],
    live: { clock_source: 'scoreboard', scores_updated_at: null, paused_since: null },
  };
}

describe('sideLineup', () => {
  const starters = [player('qb', 'QB'), player('wr1', 'WR'), player('rb1', 'RB'), player('te', 'TE')];
  const bench = [player('qb2', 'QB'), player('def', 'DEF')];
  // A Yahoo league as the server sends it: Yahoo's W/R/T already named FLEX, as Sleeper does.
  const yahooSlots = ['QB', 'WR', 'RB', 'FLEX', 'BN', 'BN'];

  it('lays a Yahoo line-up into the league’s slots, bench below', () => {
    const details = leagueWith(starters, bench, yahooSlots);
    const lineup = sideLineup(
      details,
      { rosterId: 1, starterIds: starters.map((p) => p.player_id) },
      yahooSlots,
    );
    expect(lineup.check.isLegal).toBe(true);
    expect(lineup.rows.map((row) => [row.label, row.player?.player_id])).toEqual([
      ['QB', 'qb'],
      ['WR', 'wr1'],
      ['RB', 'rb1'],
      ['FLEX', 'te'],
    ]);
    expect(lineup.bench.map((p) => p.player_id)).toEqual(['qb2', 'def']);
  });

  it('benching a starter empties his slot (the FLEX player stays in FLEX); starting fills it again', () => {
    const wr2 = player('wr2', 'WR');
    const details = leagueWith([...starters, wr2], bench, yahooSlots);
    const slots = ['QB', 'WR', 'RB', 'FLEX'];
    const rowsOf = (ids: string[]) =>
      sideLineup(details, { rosterId: 1, starterIds: ids }, slots).rows.map((row) => [
        row.label,
        row.player?.player_id ?? null,
      ]);
    // a WR in FLEX, as a league lists him
    const lineup = sideLineup(details, { rosterId: 1, starterIds: ['qb', 'wr1', 'rb1', 'wr2'] }, slots);
    const benched = withStarterBenched(lineup, 'wr1');
    expect(rowsOf(benched)).toEqual([
      ['QB', 'qb'],
      ['WR', null],
      ['RB', 'rb1'],
      ['FLEX', 'wr2'],
    ]);
    const afterBench = sideLineup(details, { rosterId: 1, starterIds: benched }, slots);
    expect(afterBench.bench.map((p) => p.player_id)).toContain('wr1');
    expect(afterBench.check.isLegal).toBe(false);

    expect(rowsOf(withPlayerStarted(afterBench, player('wr1', 'WR')))).toEqual([
      ['QB', 'qb'],
      ['WR', 'wr1'],
      ['RB', 'rb1'],
      ['FLEX', 'wr2'],
    ]);
  });

  it('keeps a second QB in a one-QB league out of the slots and says why', () => {
    const details = leagueWith(starters, bench, yahooSlots);
    const ids = ['qb', 'wr1', 'rb1', 'qb2'];
    const lineup = sideLineup(details, { rosterId: 1, starterIds: ids }, yahooSlots);
    expect(lineup.check.isLegal).toBe(false);
    expect(lineup.unplaced.map((p) => p.player_id)).toEqual(['qb2']);
    expect(lineup.check.problems[0]!.message).toBe(
      'Player qb2 (QB) cannot start: the QB slot is already taken.',
    );
  });

  it('uses the preferred line-up when the league lists no slots', () => {
    const details = leagueWith(starters, bench, []);
    const preferred = rosterPositionsFromCounts({ QB: 1, RB: 2, WR: 2, TE: 1, FLEX: 1, DST: 1, K: 1 });
    expect(preferred).toEqual(['QB', 'RB', 'RB', 'WR', 'WR', 'TE', 'FLEX', 'DEF', 'K']);
    expect(rosterPositionsOf(details, preferred)).toBe(preferred);
    expect(rosterPositionsOf(leagueWith(starters, bench, yahooSlots), preferred)).toEqual(yahooSlots);
  });
});

describe('what a player cell says', () => {
  const details = leagueWith([player('wr1', 'WR', { kickoff: '2025-10-19T17:00:00.000Z' })], [], ['WR']);

  type Game = LeagueDetails['games'][number];
  const game = (overrides: Partial<Game>): Game => ({
    home_team: 'BUF',
    away_team: 'KC',
    state: 'pre',
    fraction_remaining: 1,
    period: null,
    clock: null,
    description: null,
    home_score: null,
    away_score: null,
    kickoff: '2025-10-19T17:00:00.000Z',
    clock_source: 'scoreboard',
    ...overrides,
  });
  const on = (games: Game[]) => ({ ...details, games });
  const status = (games: Game[], who = player('wr1', 'WR')) => playerGameStatus(on(games), who);

  it('says the kickoff before the game, the quarter, clock and score during it, and the final score after', () => {
    expect(status([game({})])).toMatchObject({ extra: '@ BUF' });
    expect(status([game({})]).clock).toMatch(/^Sun \d{1,2}:00[ap]$/);
    const playing = { state: 'in' as const, period: 2, clock: '4:31', home_score: 7, away_score: 14 };
    expect(status([game({ ...playing, description: 'In Progress' })])).toEqual({
      clock: 'Q2 4:31',
      extra: '14–7 @ BUF',
      title: 'Q2 4:31 · KC 14–7 BUF',
    });
    expect(status([game({ ...playing, clock: '0:00', description: 'Halftime' })]).clock).toBe('Half');
    expect(
      status([game({ ...playing, period: 1, clock: '0:00', description: 'End of 1st Quarter' })]).clock,
    ).toBe('End Q1');
    expect(status([game({ ...playing, period: 5, clock: '3:10', description: 'In Progress' })]).clock).toBe(
      'OT 3:10',
    );
    const final = { state: 'final' as const, period: 4, home_score: 17, away_score: 24 };
    expect(status([game(final)])).toEqual({
      clock: 'Final',
      extra: '24–17 @ BUF',
      title: 'Final 24–17 @ BUF',
    });
    expect(status([game({ ...final, period: 5 })]).clock).toBe('Final/OT');
    // a closed week's games carry no score: just Final
    expect(status([game({ state: 'final' })])).toMatchObject({ clock: 'Final', extra: '@ BUF' });
    expect(status([game({ state: 'postponed' })]).clock).toBe('Postponed');
  });

  it('says Bye in the team’s bye week, and nothing when the week’s game is unknown', () => {
    expect(status([], player('x', 'WR', { bye_week: 7 })).clock).toBe('Bye');
    expect(status([], player('x', 'WR', { game_state: 'bye' })).clock).toBe('Bye');
    expect(status([], player('x', 'WR')).clock).toBe('');
  });

  it('tags injuries the way fantasy apps do, for Sleeper and Yahoo spellings', () => {
    expect(['Questionable', 'Doubtful', 'Out', 'IR', 'Sus', 'SUSP', 'Q', null].map(injuryTag)).toEqual([
      'Q',
      'D',
      'O',
      'IR',
      'Sus',
      'Sus',
      'Q',
      null,
    ]);
  });

  it('counts a defense without projection at the position average the simulation uses, and says so', () => {
    expect(expectedPointsOf(details, 1, player('def', 'DEF'))).toEqual({ points: 7, basis: 'average' });
    expect(expectedPointsOf(details, 1, player('wr1', 'WR'))).toEqual({ points: 15, basis: 'projection' });
    expect(expectedPointsOf(details, 1, player('lb', 'LB'))).toEqual({ points: null, basis: 'none' });
  });
});

describe('recorded points of a finished week', () => {
  it('are the platform’s official per-player points first, our scoring of the synced stats otherwise', () => {
    const details = {
      ...leagueWith([player('wr1', 'WR'), player('rb1', 'RB')], [], ['WR', 'RB']),
      is_week_complete: true,
      stats_points: { wr1: 21.4, te1: 5.5 },
      matchups: [
        {
          matchup_id: 1,
          roster_id: 1,
          points: 30,
          players_points: { wr1: 20.9, rb1: 9.1 },
          starters: ['wr1', 'rb1'],
        },
      ],
    };
    expect(recordedPoints(details, 1, 'wr1')).toBe(20.9);
    expect(recordedPoints(details, 1, 'rb1')).toBe(9.1);
    expect(recordedPoints(details, 1, 'te1')).toBe(5.5);
    expect(playerGame(details, 1, player('wr1', 'WR'))).toEqual({
      state: 'final',
      points: 20.9,
      fractionRemaining: 0,
    });
  });

  it('show the official points, ours beside them where they differ, and 0 for a player on a bye', () => {
    const details = {
      ...leagueWith([player('wr1', 'WR'), player('rb1', 'RB')], [], ['WR', 'RB']),
      is_week_complete: true,
      stats_points: { wr1: 21.4, rb1: 9.1 },
      matchups: [
        {
          matchup_id: 1,
          roster_id: 1,
          points: 30,
          players_points: { wr1: 20.9, rb1: 9.1, te9: 4 },
          starters: ['wr1', 'rb1'],
        },
      ],
    };
    expect(expectedPointsOf(details, 1, player('wr1', 'WR'))).toEqual({
      points: 20.9,
      basis: 'final',
      ours: 21.4,
    });
    expect(expectedPointsOf(details, 1, player('rb1', 'RB'))).toEqual({ points: 9.1, basis: 'final' });
    expect(expectedPointsOf(details, 1, player('te9', 'TE', { bye_week: details.week }))).toEqual({
      points: 0,
      basis: 'bye',
    });
  });
});
