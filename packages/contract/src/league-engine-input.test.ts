import { simulateMatchup } from '@fm/engine';
import { describe, expect, it } from 'vitest';
import { leagueMatchupInput, weekStarterIds } from './league-engine-input.js';
import {
  type LeagueInputDetails,
  type LeagueInputPlayer,
  toRosterPlayer,
  toSimulationPlayer,
} from './league-engine-players.js';

const player = (
  player_id: string,
  position: string,
  game?: Partial<LeagueInputPlayer>,
): LeagueInputPlayer => ({
  player_id,
  name: `Player ${player_id}`,
  position,
  team: 'KC',
  ...game,
});

const projection = (mean: number) => ({
  mean,
  std: mean / 3,
  p10: null,
  p50: null,
  p90: null,
  team: 'KC',
  opponent: 'BUF',
  depth_rank: 1,
});

function league(overrides: Partial<LeagueInputDetails> = {}): LeagueInputDetails {
  return {
    week: 3,
    is_week_complete: false,
    rosters: [
      {
        roster_id: 1,
        players: {
          starters: [player('q1', 'QB'), player('r1', 'RB')],
          bench: [player('r2', 'RB')],
          reserve: [player('w9', 'WR')],
        },
      },
      { roster_id: 2, players: { starters: [player('q2', 'QB')], bench: [], reserve: [] } },
    ],
    matchups: [
      { matchup_id: 1, roster_id: 1, players_points: {}, starters: [] },
      { matchup_id: 1, roster_id: 2, players_points: {}, starters: [] },
    ],
    projections: { q1: projection(20), r1: projection(12), r2: projection(10), q2: projection(18) },
    stats_points: {},
    ...overrides,
  };
}

describe('who starts in a league week', () => {
  it('is the week’s line-up the platform reports in the matchup, else the roster’s starters', () => {
    expect(weekStarterIds(league(), 1)).toEqual(['q1', 'r1']);
    const played = (starters: string[]) =>
      league({
        matchups: [
          { matchup_id: 1, roster_id: 1, players_points: {}, starters },
          { matchup_id: 1, roster_id: 2, players_points: {}, starters: ['q2'] },
        ],
      });
    // the week was played with r2 in for r1
    expect(weekStarterIds(played(['q1', 'r2']), 1)).toEqual(['q1', 'r2']);
    // a past week's starter has left the roster (or sits on its reserve): the roster's starters stand
    expect(weekStarterIds(played(['q1', 'gone']), 1)).toEqual(['q1', 'r1']);
    expect(weekStarterIds(played(['q1', 'w9']), 1)).toEqual(['q1', 'r1']);
    expect(weekStarterIds(played(['q1']), 7)).toEqual([]);
  });
});

describe('a player as the engine takes him', () => {
  it('scores a finished week by the platform’s official points, ahead of our stat-based figure', () => {
    const final = player('q1', 'QB', { game_state: 'final', points: 21.4, fraction_remaining: 0 });
    const complete = league({
      is_week_complete: true,
      stats_points: { q1: 21.4 },
      matchups: [{ matchup_id: 1, roster_id: 1, players_points: { q1: 19.9 }, starters: [] }],
    });
    expect(toSimulationPlayer(complete, 1, final).game).toEqual({
      state: 'final',
      points: 19.9,
      fractionRemaining: 0,
    });
    // while the week is played, the answer's points so far (our stat-based scoring) stand
    expect(toSimulationPlayer({ ...complete, is_week_complete: false }, 1, final).game?.points).toBe(21.4);
  });

  it('keeps the points of a player ruled out during his game; a bye scores nothing', () => {
    const hurt = player('r1', 'RB', { game_state: 'out', points: 8, fraction_remaining: 0 });
    expect(toSimulationPlayer(league(), 1, hurt)).toMatchObject({
      game: { state: 'out', points: 8, fractionRemaining: 0 },
      predMean: 12,
    });
    expect(toSimulationPlayer(league(), 1, hurt)).not.toHaveProperty('isOut');
    const idle = player('r1', 'RB', { game_state: 'bye', points: 8, fraction_remaining: 0 });
    expect(toSimulationPlayer(league(), 1, idle).game).toEqual({
      state: 'bye',
      points: 0,
      fractionRemaining: 0,
    });
  });

  it('locks a player ruled out after his game kicked off, and leaves one ruled out before it movable', () => {
    const hurt = player('r1', 'RB', { game_state: 'out', points: 0, fraction_remaining: 0 });
    const withGame = (state: string) => league({ games: [{ home_team: 'BUF', away_team: 'KC', state }] });
    expect(toRosterPlayer(withGame('in'), 1, hurt).isLocked).toBe(true);
    expect(toRosterPlayer(withGame('final'), 1, hurt).isLocked).toBe(true);
    expect(toRosterPlayer(withGame('pre'), 1, hurt).isLocked).toBe(false);
    expect(toRosterPlayer(withGame('postponed'), 1, hurt).isLocked).toBe(false);
    expect(toRosterPlayer(league(), 1, hurt).isLocked).toBe(false);
    const playing = player('r1', 'RB', { game_state: 'in', points: 3, fraction_remaining: 0.5 });
    expect(toRosterPlayer(withGame('in'), 1, playing).isLocked).toBe(true);
  });

  it('without game fields, keeps what a ruled-out player scored, and a finished week’s official points whatever his status', () => {
    const hurt = player('r1', 'RB', { injury_status: 'Out' });
    const recorded = (is_week_complete: boolean, points: Record<string, number>) =>
      league({
        is_week_complete,
        matchups: [{ matchup_id: 1, roster_id: 1, players_points: points, starters: [] }],
      });
    expect(toSimulationPlayer(recorded(false, { r1: 6 }), 1, hurt).game).toEqual({
      state: 'out',
      points: 6,
      fractionRemaining: 0,
    });
    expect(toSimulationPlayer(recorded(false, {}), 1, hurt).game).toEqual({
      state: 'out',
      points: 0,
      fractionRemaining: 0,
    });
    expect(toSimulationPlayer(recorded(true, { r1: 6 }), 1, hurt).game).toEqual({
      state: 'final',
      points: 6,
      fractionRemaining: 0,
    });
  });
});

describe('a league matchup’s engine input', () => {
  it('draws the user’s whole playable roster and the opponent’s starters, with the league seed', () => {
    const input = leagueMatchupInput(
      league(),
      { rosterId: 1, starterIds: ['q1', 'r1'] },
      { rosterId: 2, starterIds: ['q2'] },
    )!;
    expect(input.user.players.map((p) => p.id)).toEqual(['q1', 'r1']);
    expect(input.scenarioPlayers!.map((p) => p.id)).toEqual(['q1', 'r1', 'r2', 'q2']);
    // the same input twice is the same number, to the bit
    expect(simulateMatchup(input).winProbability).toBe(
      simulateMatchup(structuredClone(input)).winProbability,
    );
  });

  it('is one simulation whichever side reads it: the two win probabilities add up to 100 %', () => {
    const details = league({
      rosters: [
        league().rosters[0]!,
        {
          roster_id: 2,
          players: {
            starters: [player('q2', 'QB'), player('r3', 'RB')],
            bench: [player('r4', 'RB')],
            reserve: [],
          },
        },
      ],
      projections: {
        ...league().projections,
        r3: projection(13),
        r4: projection(11),
      },
    });
    const one = { rosterId: 1, starterIds: ['q1', 'r1'] };
    const two = { rosterId: 2, starterIds: ['q2', 'r3'] };
    const fromOne = simulateMatchup(leagueMatchupInput(details, one, two)!);
    const fromTwo = simulateMatchup(leagueMatchupInput(details, two, one)!);
    expect(fromOne.winProbability).toBeGreaterThan(0.05);
    expect(fromOne.winProbability).toBeLessThan(0.95);
    expect(fromOne.winProbability + fromTwo.winProbability).toBeCloseTo(1, 12);
    expect(fromOne.user.mean).toBeCloseTo(fromTwo.opponent.mean, 12);
  });

  it('agrees with the official result of a finished week in which a starter was ruled out during his game', () => {
    // r1 was hurt in the 2nd quarter with 9 points and listed Out since; the official score is 20 + 9 = 29 to 28
    const official = { q1: 20, r1: 9 };
    const hurt = (game?: Partial<LeagueInputPlayer>) =>
      league({
        is_week_complete: true,
        rosters: [
          {
            roster_id: 1,
            players: {
              starters: [
                player('q1', 'QB', game && { ...game, points: 20 }),
                player('r1', 'RB', { injury_status: 'Out', ...game }),
              ],
              bench: [],
              reserve: [],
            },
          },
          {
            roster_id: 2,
            players: {
              starters: [player('q2', 'QB', game && { ...game, points: 28 })],
              bench: [],
              reserve: [],
            },
          },
        ],
        matchups: [
          { matchup_id: 1, roster_id: 1, players_points: official, starters: ['q1', 'r1'] },
          { matchup_id: 1, roster_id: 2, players_points: { q2: 28 }, starters: ['q2'] },
        ],
      });
    // with the server's game fields (his game final, or labelled out at his points) and without any
    for (const game of [
      { game_state: 'final' as const, points: 9, fraction_remaining: 0 },
      { game_state: 'out' as const, points: 9, fraction_remaining: 0 },
      undefined,
    ]) {
      const details = hurt(game);
      const input = leagueMatchupInput(
        details,
        { rosterId: 1, starterIds: weekStarterIds(details, 1) },
        { rosterId: 2, starterIds: weekStarterIds(details, 2) },
      )!;
      const result = simulateMatchup(input);
      expect(result.user.mean).toBe(29);
      expect(result.winProbability).toBe(1);
    }
  });
});
