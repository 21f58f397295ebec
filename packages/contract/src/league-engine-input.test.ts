import { simulateMatchup } from '@fm/engine';
import { describe, expect, it } from 'vitest';
import { leagueMatchupInput, weekStarterIds } from './league-engine-input.js';
import {
  type LeagueInputDetails,
  type LeagueInputPlayer,
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

  it('carries nothing but the game for a player who cannot score: no points kept when out or on a bye', () => {
    const hurt = player('r1', 'RB', { game_state: 'out', points: 8, fraction_remaining: 0 });
    expect(toSimulationPlayer(league(), 1, hurt)).toMatchObject({
      game: { state: 'out', points: 0, fractionRemaining: 0 },
      predMean: 12,
    });
    expect(toSimulationPlayer(league(), 1, hurt)).not.toHaveProperty('isOut');
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
});
