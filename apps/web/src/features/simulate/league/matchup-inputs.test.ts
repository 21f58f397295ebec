import { alignToSlots, playerGame, roundRobinWeeks } from '@fm/contract';
import { optimizeLineup, simulateMatchup } from '@fm/engine';
import { describe, expect, it } from 'vitest';
import type { LeagueDetails, LeaguePlayer } from '../shared/league-details';
import { lineupLabInput, previewMatchupInput } from '../shared/matchup-inputs';
import { expectedPointsOf } from './matchup-players';
import { seasonOutlookInput } from './season-outlook-input';

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

function details(overrides: Partial<LeagueDetails> = {}): LeagueDetails {
  const roster = (roster_id: number, starters: LeaguePlayer[], bench: LeaguePlayer[]) => ({
    roster_id,
    owner_id: `owner-${roster_id}`,
    owner_name: `Team ${roster_id}`,
    owner_avatar: '',
    wins: 0,
    losses: 0,
    ties: 0,
    fpts: 0,
    fpts_against: 0,
    players: { starters, bench, reserve: [] },
  });
  return {
    platform: 'sleeper',
    league: {
      league_id: 'L1',
      name: 'Test League',
      total_rosters: 2,
      season: '2025',
      status: 'in_season',
      roster_positions: ['QB', 'RB', 'WR', 'FLEX', 'BN', 'BN'],
      scoring_settings: { rec: 1 },
      settings: {
        num_teams: 2,
        playoff_teams: 2,
        playoff_week_start: 5,
        league_average_match: 0,
        league_type: 0,
        start_week: 1,
      },
      avatar: null,
    },
    week: 2,
    is_week_complete: false,
    my_roster_id: 1,
    rosters: [
      roster(
        1,
        [player('q1', 'QB'), player('r1', 'RB'), player('w1', 'WR'), player('w2', 'WR')],
        [player('r2', 'RB')],
      ),
      roster(
        2,
        [player('q2', 'QB'), player('r3', 'RB', { injury_status: 'Out' }), player('w3', 'WR')],
        [player('DEN', 'DEF')],
      ),
    ],
    matchups: [
      {
        matchup_id: 1,
        roster_id: 1,
        points: 20,
        players_points: { q1: 20, r1: 0, w1: 0, w2: 0, r2: 0 },
        starters: [],
      },
      { matchup_id: 1, roster_id: 2, points: 0, players_points: { q2: 0 }, starters: [] },
    ],
    projections: {
      q1: {
        mean: 20,
        std: 7,
        p10: 11,
        p50: 19,
        p90: 30,
        team: 'KC',
        opponent: 'BUF',
        source: 'model',
        is_league_scored: true,
        depth_rank: 1,
      },
      r1: {
        mean: 12,
        std: 6,
        p10: 5,
        p50: 11,
        p90: 20,
        team: 'KC',
        opponent: 'BUF',
        source: 'model',
        is_league_scored: true,
        depth_rank: 1,
      },
    },
    app_player_ids: { q1: 11, r1: 12, w1: 13, w2: 14, r2: 15, q2: 21, r3: 22, w3: 23 },
    stats_points: {},
    scoring_from: 'league',
    scoring_unsupported: [],
    data_as_of: '2025-09-10T12:00:00.000Z',
    is_stale: false,
    projections_freshness: null,
    games: [],
    live: { clock_source: 'scoreboard', scores_updated_at: null, paused_since: null },
    ...overrides,
  };
}

/** The same league with these players' game fields set. */
function withGames(base: LeagueDetails, games: Record<string, Partial<LeaguePlayer>>): LeagueDetails {
  const update = (p: LeaguePlayer) => ({ ...p, ...games[p.player_id] });
  return {
    ...base,
    rosters: base.rosters.map((roster) => ({
      ...roster,
      players: {
        starters: roster.players.starters.map(update),
        bench: roster.players.bench.map(update),
        reserve: roster.players.reserve.map(update),
      },
    })),
  };
}

describe('where a player’s game stands', () => {
  const live = (extra: Partial<LeaguePlayer>) => player('x', 'WR', extra);

  it('follows the answer’s game fields: points so far and the share left while under way', () => {
    expect(
      playerGame(details(), 1, live({ game_state: 'in', points: 6.5, fraction_remaining: 0.5 })),
    ).toEqual({
      state: 'in',
      points: 6.5,
      fractionRemaining: 0.5,
    });
    expect(
      playerGame(details(), 1, live({ game_state: 'final', points: 17, fraction_remaining: 0 })),
    ).toEqual({
      state: 'final',
      points: 17,
      fractionRemaining: 0,
    });
    expect(playerGame(details(), 1, live({ game_state: 'bye', points: 3 }))).toEqual({
      state: 'bye',
      points: 0,
      fractionRemaining: 0,
    });
    expect(playerGame(details(), 1, live({ game_state: 'pre', points: null }))).toMatchObject({
      state: 'pre',
      fractionRemaining: 1,
    });
  });

  it('never takes a partial score as final when the fields are absent', () => {
    // q1 has 20 points recorded while the week is on: he is simulated from his projection, not fixed at 20.
    expect(playerGame(details(), 1, player('q1', 'QB'))).toBeNull();
    expect(playerGame(details({ is_week_complete: true }), 1, player('q1', 'QB'))).toEqual({
      state: 'final',
      points: 20,
      fractionRemaining: 0,
    });
    expect(playerGame(details(), 2, player('r3', 'RB', { injury_status: 'Out' }))).toMatchObject({
      state: 'out',
    });
    expect(playerGame(details({ is_week_complete: true }), 2, player('w3', 'WR'))).toBeNull();
  });

  it('shows so far + the remaining share of the projection while his game is on', () => {
    const r1 = player('r1', 'RB', { game_state: 'in', points: 4, fraction_remaining: 0.25 });
    expect(expectedPointsOf(details(), 1, r1)).toEqual({ points: 4 + 0.25 * 12, basis: 'live', soFar: 4 });
    const q1 = player('q1', 'QB', { game_state: 'final', points: 20, fraction_remaining: 0 });
    expect(expectedPointsOf(details(), 1, q1)).toEqual({ points: 20, basis: 'final' });
  });

  it('shows what a player ruled out during his game had scored, and 0 for one out before kickoff', () => {
    const hurt = player('r1', 'RB', { game_state: 'out', points: 7, fraction_remaining: 0 });
    expect(expectedPointsOf(details(), 1, hurt)).toEqual({ points: 7, basis: 'out' });
    const benched = player('r1', 'RB', { game_state: 'out', points: 0, fraction_remaining: 0 });
    expect(expectedPointsOf(details(), 1, benched)).toEqual({ points: 0, basis: 'out' });
  });
});

describe('the preview input', () => {
  it('carries projections, banked points and outs of the chosen starters only', () => {
    const input = previewMatchupInput(
      details(),
      { rosterId: 1, starterIds: ['q1', 'r1', 'r2'] },
      { rosterId: 2, starterIds: ['q2', 'r3'] },
    )!;
    expect(input.user.players.map((p) => p.id)).toEqual(['q1', 'r1', 'r2']);
    // q1's 20 points while the week is on, without game fields, are not taken as final.
    expect(input.user.players[0]!.game).toBeUndefined();
    expect(input.user.players[0]).toMatchObject({ predMean: 20 });
    expect(input.user.players[1]).toMatchObject({ predMean: 12, p90: 20, opponent: 'BUF' });
    expect(input.user.players[2]!.predMean).toBeUndefined();
    expect(input.opponent.players[1]!.game).toMatchObject({ state: 'out' });
    expect(input.seed).toBeDefined();
  });

  it('is null while a side has no starters', () => {
    expect(
      previewMatchupInput(details(), { rosterId: 1, starterIds: [] }, { rosterId: 2, starterIds: ['q2'] }),
    ).toBeNull();
  });
});

describe('slot alignment for the lineup lab', () => {
  it('fills restrictive slots first so a flex does not take the only player of a position', () => {
    const starters = [player('w1', 'WR'), player('w2', 'WR'), player('r1', 'RB'), player('q1', 'QB')];
    expect(alignToSlots(starters, ['QB', 'RB', 'WR', 'FLEX', 'BN'])).toEqual(['q1', 'r1', 'w1', 'w2']);
    expect(alignToSlots([player('q1', 'QB')], ['QB', 'RB', 'FLEX', 'BN'])).toEqual(['q1', null, null]);
  });

  it('builds a lab input of the whole roster against the opponent’s starters, started games locked', () => {
    const sunday = withGames(details(), {
      q1: { game_state: 'final', points: 20, fraction_remaining: 0 },
      r1: { game_state: 'in', points: 6, fraction_remaining: 0.5 },
      w1: { game_state: 'pre', points: null, fraction_remaining: 1 },
    });
    const input = lineupLabInput(
      sunday,
      { rosterId: 1, starterIds: ['q1', 'r1', 'w1', 'w2'] },
      { rosterId: 2, starterIds: ['q2'] },
    )!;
    expect(input.roster.map((p) => p.id)).toEqual(['q1', 'r1', 'w1', 'w2', 'r2']);
    const locked = input.roster.filter((p) => p.isLocked).map((p) => p.id);
    expect(locked).toEqual(['q1', 'r1']);
    expect(input.roster.find((p) => p.id === 'r1')!.game).toEqual({
      state: 'in',
      points: 6,
      fractionRemaining: 0.5,
    });
    expect(input.starters).toEqual(['q1', 'r1', 'w1', 'w2']);
    expect(input.rosterPositions).toEqual(['QB', 'RB', 'WR', 'FLEX', 'BN', 'BN']);
  });
});

describe('one number for one line-up', () => {
  it('the headline preview, the lab’s “now” and its best line-up agree exactly, mid-game too', () => {
    const sunday = withGames(details(), {
      q1: { game_state: 'in', points: 9, fraction_remaining: 0.5 },
      r1: { game_state: 'pre', points: null, fraction_remaining: 1 },
      q2: { game_state: 'in', points: 3, fraction_remaining: 0.75 },
    });
    const user = { rosterId: 1, starterIds: ['q1', 'r1', 'w1', 'w2'] };
    const opponent = { rosterId: 2, starterIds: ['q2', 'r3', 'w3'] };
    const headline = simulateMatchup(previewMatchupInput(sunday, user, opponent)!);
    const lab = optimizeLineup(lineupLabInput(sunday, user, opponent)!);
    expect(headline.winProbability).toBe(lab.currentWinProbability);
    const best = lab.lineup.flatMap((slot) => (slot.playerId ? [slot.playerId] : []));
    const afterBest = simulateMatchup(
      previewMatchupInput(sunday, { rosterId: 1, starterIds: best }, opponent)!,
    );
    expect(afterBest.winProbability).toBe(lab.winProbability);
    for (const swap of lab.swaps) {
      const swapped = user.starterIds.map((id) => (id === swap.playerOut ? swap.playerIn! : id));
      const afterSwap = simulateMatchup(
        previewMatchupInput(sunday, { rosterId: 1, starterIds: swapped }, opponent)!,
      );
      expect(afterSwap.winProbability).toBeLessThanOrEqual(lab.winProbability);
    }
  });
});

describe('the season outlook input', () => {
  it('pairs every team with every other once per cycle', () => {
    const ids = ['1', '2', '3', '4'];
    const weeks = roundRobinWeeks(ids, [1, 2, 3]);
    const pairs = weeks.flatMap((w) => w.matchups.map(([a, b]) => [a, b].sort().join('-')));
    expect(new Set(pairs).size).toBe(6);
    for (const week of weeks) expect(new Set(week.matchups.flat()).size).toBe(4);
    const odd = roundRobinWeeks(['1', '2', '3'], [1]);
    expect(odd[0]!.matchups).toHaveLength(1);
  });

  it('plays this week’s real pairing, then the weeks before the playoffs; a complete league has none left', () => {
    const input = seasonOutlookInput(details())!;
    expect(input.schedule.map((w) => w.week)).toEqual([2, 3, 4]);
    expect(input.schedule[0]!.matchups).toEqual([['1', '2']]);
    expect(input.playoffTeams).toBe(2);
    expect(input.teams[0]!.weeklyMean).toBeGreaterThan(20);
    const complete = seasonOutlookInput(details({ league: { ...details().league, status: 'complete' } }))!;
    expect(complete.schedule).toEqual([]);
  });
});
