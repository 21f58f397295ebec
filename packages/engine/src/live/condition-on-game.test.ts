import { describe, expect, it } from 'vitest';
import {
  distributionMoments,
  distributionQuantile,
  fitPointsDistribution,
} from '../distributions/points-distribution.js';
import { samplePoints } from '../distributions/sample-points.js';
import { createRandom } from '../random/xoshiro128.js';
import {
  createScenarioScratch,
  drawScenarioBlock,
  SCENARIO_BLOCK_SIZE,
} from '../simulation/draw-scenarios.js';
import { buildScenarioModel, type SimulationPlayer } from '../simulation/scenario-model.js';
import { simulateMatchup } from '../simulation/matchup.js';
import { conditionOnGame } from './condition-on-game.js';
import type { PlayerGame } from './game-state.js';

const SKEWED = { p10: 4, p50: 11, p90: 24 };
const MEAN_STD = { predMean: 12, predStd: 6 };
const SYMMETRIC = { p10: 10, p50: 20, p90: 30 };

function inGame(points: number, fractionRemaining: number): PlayerGame {
  return { state: 'in', points, fractionRemaining };
}

function sampleMoments(draws: Float64Array): { mean: number; std: number } {
  const mean = draws.reduce((total, x) => total + x, 0) / draws.length;
  const variance = draws.reduce((total, x) => total + (x - mean) ** 2, 0) / (draws.length - 1);
  return { mean, std: Math.sqrt(variance) };
}

function sampleCorrelation(x: Float64Array, y: Float64Array): number {
  const mx = x.reduce((a, b) => a + b, 0) / x.length;
  const my = y.reduce((a, b) => a + b, 0) / y.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

describe('conditionOnGame', () => {
  const full = fitPointsDistribution('WR', SKEWED);

  it('leaves the full projection before kickoff', () => {
    expect(conditionOnGame(full, { state: 'pre', points: 0, fractionRemaining: 1 })).toEqual(full);
  });

  it('fixes a final game at its points and a bye at 0, with no spread', () => {
    const final = conditionOnGame(full, { state: 'final', points: 17.4, fractionRemaining: 0 });
    expect(final.kind).toBe('constant');
    expect(distributionMoments(final)).toEqual({ mean: 17.4, std: 0 });
    const bye = conditionOnGame(full, { state: 'bye', points: 6, fractionRemaining: 0 });
    expect(distributionMoments(bye)).toEqual({ mean: 0, std: 0 });
    expect(bye.source).toBe('inactive');
  });

  it('fixes a player ruled out during his game at the points he had scored (he will not return), 0 before kickoff', () => {
    const hurt = conditionOnGame(full, { state: 'out', points: 7.5, fractionRemaining: 0 });
    expect(distributionMoments(hurt)).toEqual({ mean: 7.5, std: 0 });
    expect(hurt.source).toBe('inactive');
    const scratched = conditionOnGame(full, { state: 'out', points: 0, fractionRemaining: 0 });
    expect(distributionMoments(scratched)).toEqual({ mean: 0, std: 0 });
  });

  it('equals the pregame distribution exactly at kickoff (in, f = 1, 0 points)', () => {
    for (const projection of [SKEWED, MEAN_STD, SYMMETRIC]) {
      const pregame = fitPointsDistribution('RB', projection);
      expect(conditionOnGame(pregame, inGame(0, 1))).toEqual(pregame);
    }
  });

  it('is the points so far plus f × the mean and f × the variance of the full distribution (mean/std fit)', () => {
    // The mean/std fit starts at the floor, so no floor atom: the moments are exact.
    const pregame = fitPointsDistribution('RB', MEAN_STD);
    for (const f of [0.75, 0.5, 0.25, 0.05]) {
      const { mean, std } = distributionMoments(conditionOnGame(pregame, inGame(7, f)));
      expect(mean).toBeCloseTo(7 + f * 12, 9);
      expect(std).toBeCloseTo(Math.sqrt(f) * 6, 9);
    }
  });

  it('scales a normal the same way, and keeps a shifted log-normal right-skewed', () => {
    const normal = fitPointsDistribution('WR', SYMMETRIC);
    const half = conditionOnGame(normal, inGame(5, 0.5));
    expect(half.kind).toBe('normal');
    expect(distributionQuantile(half, 0.5)).toBeCloseTo(5 + 0.5 * 20, 9);
    expect(distributionQuantile(half, 0.9) - distributionQuantile(half, 0.1)).toBeCloseTo(
      Math.sqrt(0.5) * 20,
      9,
    );
    const skewed = conditionOnGame(full, inGame(3, 0.4));
    expect(skewed.kind).toBe('shifted-lognormal');
    expect(skewed.sigma).toBeGreaterThan(full.sigma);
    expect(distributionQuantile(skewed, 0.5)).toBeLessThan(distributionMoments(skewed).mean);
    expect(distributionQuantile(skewed, 0)).toBeGreaterThanOrEqual(3);
  });

  it('narrows as the game runs and ends at the points so far', () => {
    let previous = Infinity;
    for (const f of [1, 0.75, 0.5, 0.25, 0.01]) {
      const { std } = distributionMoments(conditionOnGame(full, inGame(9, f)));
      expect(std).toBeLessThan(previous);
      previous = std;
    }
    expect(distributionMoments(conditionOnGame(full, inGame(9, 0)))).toEqual({ mean: 9, std: 0 });
  });

  it('samples at the stated moments (n = 200,000, within ±0.05)', () => {
    const player = { position: 'WR', ...SKEWED, game: inGame(6.5, 0.5) };
    const conditioned = fitPointsDistribution('WR', SKEWED, { game: player.game });
    const expected = distributionMoments(conditioned);
    const sampled = sampleMoments(samplePoints(player, 200_000, 3));
    expect(Math.abs(sampled.mean - expected.mean)).toBeLessThan(0.05);
    expect(Math.abs(sampled.std - expected.std)).toBeLessThan(0.05);
    expect(Math.min(...samplePoints(player, 20_000, 4))).toBeGreaterThanOrEqual(6.5);
  });

  it('decides over the legacy flags when a game is given', () => {
    const distribution = fitPointsDistribution('WR', SKEWED, {
      isFinal: true,
      actualPoints: 6,
      game: inGame(6, 0.5),
    });
    expect(distribution.kind).toBe('shifted-lognormal');
    expect(distributionMoments(distribution).mean).toBeGreaterThan(6);
  });
});

describe('a simulation conditioned on the games', () => {
  const teammates = (game: (index: number) => PlayerGame | undefined): SimulationPlayer[] =>
    [
      { id: 'qb', position: 'QB', team: 'KC', opponent: 'BUF', depthRank: 1, p10: 10, p50: 18, p90: 28 },
      { id: 'wr', position: 'WR', team: 'KC', opponent: 'BUF', depthRank: 1, ...SKEWED },
      { id: 'te', position: 'TE', team: 'KC', opponent: 'BUF', depthRank: 1, p10: 2, p50: 7, p90: 15 },
    ].map((player, index) => {
      const state = game(index);
      return state ? { ...player, game: state } : player;
    });

  it('correlates the remaining parts of teammates, and a fixed player takes no part in the copula', () => {
    const players = teammates((index) =>
      index === 2 ? { state: 'final', points: 8, fractionRemaining: 0 } : inGame(4, 0.5),
    );
    const model = buildScenarioModel(players);
    expect(model.correlatedCount).toBe(2);
    expect([...model.constantPlayers]).toEqual([2]);
    const result = simulateMatchup({
      user: { players: players.slice(0, 2) },
      opponent: { players: players.slice(2) },
      iterations: 20_000,
      seed: 5,
    });
    const te = result.players.find((player) => player.id === 'te')!;
    expect(te.simulatedMean).toBe(8);
    expect(te.swingShare).toBe(0);
    // The two in-game teammates' remaining parts still move together, as their full projections do.
    const pregameCorrelation = jointCorrelation(teammates(() => undefined).slice(0, 2), 20_000);
    expect(pregameCorrelation).toBeGreaterThan(0.1);
    expect(jointCorrelation(players.slice(0, 2), 20_000)).toBeGreaterThan(0.1);
  });

  it('gives the pregame answer exactly at kickoff', () => {
    const pregame = teammates(() => undefined);
    const kickoff = teammates(() => inGame(0, 1));
    const run = (players: SimulationPlayer[]) =>
      simulateMatchup({
        user: { players: players.slice(0, 2) },
        opponent: { players: players.slice(2) },
        iterations: 10_000,
        seed: 'kickoff',
      });
    const before = run(pregame);
    const atKickoff = run(kickoff);
    expect(atKickoff.winProbability).toBe(before.winProbability);
    expect(atKickoff.user.mean).toBe(before.user.mean);
    expect(atKickoff.difference.p90).toBe(before.difference.p90);
  });

  it('gives 0, ½ or 1 once every game is final, as the final scores say', () => {
    const final = (points: number): PlayerGame => ({ state: 'final', points, fractionRemaining: 0 });
    const cases: [number[], number[], number][] = [
      [[20.5, 10], [15, 15], 1],
      [[12, 3], [10, 5], 0.5],
      [[0, 8.2], [9, 0], 0],
    ];
    for (const [user, opponent, expected] of cases) {
      const result = simulateMatchup({
        user: {
          players: user.map((points, i) => ({ id: `u${i}`, position: 'WR', ...SKEWED, game: final(points) })),
        },
        opponent: {
          players: opponent.map((points, i) => ({
            id: `o${i}`,
            position: 'RB',
            ...MEAN_STD,
            game: final(points),
          })),
        },
        iterations: 1_000,
        seed: 1,
      });
      expect(result.winProbability).toBe(expected);
      expect(result.user.mean).toBeCloseTo(user[0]! + user[1]!, 9);
    }
  });

  it('lies strictly between the pregame figure and the final one at halftime', () => {
    const user: SimulationPlayer[] = [{ id: 'u', position: 'WR', ...SKEWED }];
    const opponent: SimulationPlayer[] = [{ id: 'o', position: 'WR', team: 'NYJ', p10: 5, p50: 12, p90: 24 }];
    const run = (userGame?: PlayerGame) =>
      simulateMatchup({
        user: { players: userGame ? [{ ...user[0]!, game: userGame }] : user },
        opponent: { players: opponent },
        iterations: 50_000,
        seed: 8,
      }).winProbability;
    const pregame = run();
    // He is on pace for 2 × 9 = 18 points: better than projected, not yet certain.
    const halftime = run(inGame(9, 0.5));
    const partialAsFinal = run({ state: 'final', points: 9, fractionRemaining: 0 });
    expect(halftime).toBeGreaterThan(pregame);
    expect(halftime).toBeLessThan(1);
    expect(halftime).not.toBeCloseTo(partialAsFinal, 2);
  });
});

// Correlation of the first two players' joint draws through the engine's own sampler.
function jointCorrelation(players: SimulationPlayer[], count: number): number {
  const model = buildScenarioModel(players);
  const random = createRandom(12);
  const scratch = createScenarioScratch(model);
  const points = new Float64Array(players.length * SCENARIO_BLOCK_SIZE);
  const first = new Float64Array(count);
  const second = new Float64Array(count);
  for (let offset = 0; offset < count; offset += SCENARIO_BLOCK_SIZE) {
    const size = Math.min(SCENARIO_BLOCK_SIZE, count - offset);
    drawScenarioBlock(model, random, size, scratch, points, size, 0);
    first.set(points.subarray(0, size), offset);
    second.set(points.subarray(size, 2 * size), offset);
  }
  return sampleCorrelation(first, second);
}
