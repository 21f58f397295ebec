import { describe, expect, it } from 'vitest';
import { fitPointsDistribution, probabilityBelow } from '../distributions/points-distribution.js';
import { EngineInputError } from '../errors.js';
import { normalCdf, Z_90 } from '../math/normal.js';
import { simulateMatchup, simulateMatchupInSteps } from './matchup.js';
import type { SimulationPlayer } from './scenario-model.js';

const NFL_TEAMS = [
  'ARI',
  'ATL',
  'BAL',
  'BUF',
  'CAR',
  'CHI',
  'CIN',
  'CLE',
  'DAL',
  'DEN',
  'DET',
  'GB',
  'HOU',
  'IND',
  'JAX',
  'KC',
  'LV',
  'LAC',
];

/** A player whose points are normal (symmetric quantiles), far enough above the floor for it never to matter. */
function normalPlayer(id: string, team: string, mean: number, std: number): SimulationPlayer {
  return { id, position: 'WR', team, p10: mean - Z_90 * std, p50: mean, p90: mean + Z_90 * std };
}

function normalLineup(prefix: string, means: number[], std: number, teamOffset: number): SimulationPlayer[] {
  return means.map((mean, i) => normalPlayer(`${prefix}${i}`, NFL_TEAMS[teamOffset + i]!, mean, std));
}

describe('simulateMatchup', () => {
  it('gives Φ(Δμ/√(σ₁²+σ₂²)) ± 0.01 for two independent normal line-ups at 100,000 iterations', () => {
    for (const [userMeans, opponentMeans] of [
      [
        [40, 40, 40],
        [38, 37, 40],
      ],
      [
        [50, 45, 40, 30],
        [35, 35, 35, 35],
      ],
    ] as const) {
      const user = normalLineup('u', [...userMeans], 8, 0);
      const opponent = normalLineup('o', [...opponentMeans], 8, 9);
      const result = simulateMatchup({
        user: { players: user },
        opponent: { players: opponent },
        iterations: 100_000,
        seed: 1,
      });
      const meanGap = userMeans.reduce((a, b) => a + b, 0) - opponentMeans.reduce((a, b) => a + b, 0);
      const spread = Math.sqrt((userMeans.length + opponentMeans.length) * 64);
      expect(Math.abs(result.winProbability - normalCdf(meanGap / spread))).toBeLessThan(0.01);
      expect(Math.abs(result.predictedScoreDifference - meanGap)).toBeLessThan(
        4 * (spread / Math.sqrt(100_000)),
      );
      expect(Math.abs(result.difference.std - spread)).toBeLessThan(0.02 * spread);
    }
  });

  it('replays exactly from a seed and changes with another seed', () => {
    const input = {
      user: { players: normalLineup('u', [20, 15, 10], 6, 0) },
      opponent: { players: normalLineup('o', [18, 16, 12], 6, 3) },
    };
    const first = simulateMatchup({ ...input, seed: 'replay' });
    expect(simulateMatchup({ ...input, seed: 'replay' })).toEqual(first);
    expect(simulateMatchup({ ...input, seed: 'other' }).winProbability).not.toBe(first.winProbability);
    expect(first.seed).toBe('replay');
  });

  it('rejects iteration counts outside 1,000–1,000,000 with a typed RangeError naming the field', () => {
    const players = normalLineup('u', [20], 5, 0);
    for (const iterations of [999, 1_000_001, 1500.5, Number.NaN]) {
      let caught: unknown;
      try {
        simulateMatchup({ user: { players }, opponent: { players: [] }, iterations });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(EngineInputError);
      expect(caught).toBeInstanceOf(RangeError);
      expect(caught).toMatchObject({ code: 'INVALID_ITERATIONS', field: 'iterations' });
    }
    expect(simulateMatchup({ user: { players }, opponent: { players: [] }, seed: 1 }).iterations).toBe(
      10_000,
    );
  });

  it('counts finished games as fixed points: a Monday-night matchup shows real odds', () => {
    const finished = (id: string, team: string, actualPoints: number): SimulationPlayer => ({
      id,
      position: 'RB',
      team,
      predMean: 15,
      predStd: 7,
      isFinal: true,
      actualPoints,
    });
    const mondayQb: SimulationPlayer = {
      id: 'mnf',
      position: 'QB',
      team: 'KC',
      opponent: 'LV',
      predMean: 19,
      predStd: 7,
    };
    const result = simulateMatchup({
      user: { players: [finished('a', 'BUF', 60), finished('b', 'MIA', 40), mondayQb] },
      opponent: { players: [finished('c', 'DAL', 75), finished('d', 'NYG', 45)] },
      iterations: 200_000,
      seed: 3,
    });
    // The user wins exactly when the Monday QB scores more than 20.
    const expected = 1 - probabilityBelow(fitPointsDistribution('QB', { predMean: 19, predStd: 7 }), 20);
    expect(Math.abs(result.winProbability - expected)).toBeLessThan(0.005);
    expect(result.opponent.std).toBe(0);
    expect(result.opponent.mean).toBe(120);
    const finals = result.players.filter((player) => player.source === 'final');
    expect(finals.every((player) => player.swingShare === 0)).toBe(true);
  });

  it('settles a matchup with every game over: win, loss or a tie counted half', () => {
    const final = (id: string, actualPoints: number): SimulationPlayer => ({
      id,
      position: 'WR',
      isFinal: true,
      actualPoints,
    });
    const run = (user: number, opponent: number): number =>
      simulateMatchup({
        user: { players: [final('u', user)] },
        opponent: { players: [final('o', opponent)] },
        seed: 1,
      }).winProbability;
    expect(run(101.5, 99)).toBe(1);
    expect(run(80, 99)).toBe(0);
    expect(run(99, 99)).toBe(0.5);
  });

  it('moves a stacked QB and WR together, widening the team total compared with unrelated players', () => {
    const qb = (team: string, opponent: string): SimulationPlayer => ({
      id: 'qb',
      position: 'QB',
      team,
      opponent,
      depthRank: 1,
      predMean: 20,
      predStd: 7,
    });
    const wr = (team: string, opponent: string): SimulationPlayer => ({
      id: 'wr',
      position: 'WR',
      team,
      opponent,
      depthRank: 1,
      predMean: 15,
      predStd: 7,
    });
    const opponent = { players: normalLineup('o', [35], 5, 0) };
    const stacked = simulateMatchup({
      user: { players: [qb('KC', 'LV'), wr('KC', 'LV')] },
      opponent,
      iterations: 100_000,
      seed: 4,
    });
    const apart = simulateMatchup({
      user: { players: [qb('KC', 'LV'), wr('SEA', 'SF')] },
      opponent,
      iterations: 100_000,
      seed: 4,
    });
    expect(stacked.user.std).toBeGreaterThan(apart.user.std * 1.05);
    expect(Math.abs(stacked.user.mean - apart.user.mean)).toBeLessThan(0.15);
  });

  it('reports per-player projections, boom/bust chances, baseline flags and swing shares that add up to 1', () => {
    const result = simulateMatchup({
      user: {
        name: 'Mine',
        players: [
          { id: 'q', position: 'QB', team: 'BUF', opponent: 'MIA', predMean: 22, predStd: 8 },
          { id: 'd', position: 'DST', team: 'DAL', opponent: 'NYG' },
          { id: 'b', position: 'WR', team: 'DET', opponent: 'Bye', predMean: 14, predStd: 6 },
        ],
      },
      opponent: {
        players: [{ id: 'r', position: 'RB', team: 'MIA', opponent: '@BUF', predMean: 16, predStd: 7 }],
      },
      seed: 9,
    });
    const byId = new Map(result.players.map((player) => [player.id, player]));
    expect(byId.get('d')).toMatchObject({ isBaseline: true, source: 'baseline', side: 'user' });
    expect(byId.get('b')).toMatchObject({
      source: 'inactive',
      simulatedMean: 0,
      boomProbability: 0,
      bustProbability: 1,
    });
    expect(byId.get('q')!.projection.mean).toBeCloseTo(22, 9);
    expect(byId.get('q')!.boomProbability).toBeGreaterThan(0.1);
    expect(byId.get('r')!.side).toBe('opponent');
    expect(result.user.name).toBe('Mine');
    const shares = result.players.reduce((total, player) => total + player.swingShare, 0);
    expect(shares).toBeCloseTo(1, 9);
  });

  it('returns histograms over shared edges whose counts add up to the iterations', () => {
    const result = simulateMatchup({
      user: { players: normalLineup('u', [30, 20], 6, 0) },
      opponent: { players: normalLineup('o', [25, 25], 6, 4) },
      iterations: 20_000,
      histogramBins: 30,
      seed: 5,
    });
    for (const summary of [result.user, result.opponent, result.difference]) {
      expect(summary.histogram.binEdges).toHaveLength(31);
      expect(summary.histogram.counts.reduce((a, b) => a + b, 0)).toBe(20_000);
      expect(summary.p10).toBeLessThan(summary.p25);
      expect(summary.p25).toBeLessThan(summary.median);
      expect(summary.median).toBeLessThan(summary.p75);
      expect(summary.p75).toBeLessThan(summary.p90);
    }
    expect(result.user.histogram.binEdges).toEqual(result.opponent.histogram.binEdges);
    expect(() =>
      simulateMatchup({ user: { players: [] }, opponent: { players: [] }, histogramBins: 0 }),
    ).toThrow(EngineInputError);
  });

  it('treats a player in both line-ups as one player: identical line-ups always tie', () => {
    const players = normalLineup('same', [20, 15], 6, 0);
    const result = simulateMatchup({ user: { players }, opponent: { players }, seed: 2 });
    expect(result.tieProbability).toBe(1);
    expect(result.winProbability).toBe(0.5);
  });

  it('runs in steps, several at once taking turns block by block, each with exactly the synchronous result', () => {
    const inputs = [
      {
        user: { players: normalLineup('u', [20, 15, 10], 6, 0) },
        opponent: { players: normalLineup('o', [18, 16, 12], 6, 3) },
        iterations: 5_000,
        seed: 'a',
      },
      {
        user: { players: normalLineup('u', [25, 9], 7, 6) },
        opponent: { players: normalLineup('o', [14, 14, 14], 5, 9) },
        iterations: 3_000,
        seed: 'b',
      },
    ];
    const runs = inputs.map((input) => simulateMatchupInSteps(input));
    const results: unknown[] = [undefined, undefined];
    let pauses = 0;
    while (results.includes(undefined)) {
      runs.forEach((run, i) => {
        if (results[i] !== undefined) return;
        const step = run.next();
        if (step.done) results[i] = step.value;
        else pauses++;
      });
    }
    expect(results).toEqual(inputs.map((input) => simulateMatchup(input)));
    // a pause after every block of 256 iterations: 20 for the first run, 12 for the second
    expect(pauses).toBe(20 + 12);
    const refused = simulateMatchupInSteps({ ...inputs[0]!, iterations: 10 });
    expect(() => refused.next()).toThrow(EngineInputError);
  });
});
