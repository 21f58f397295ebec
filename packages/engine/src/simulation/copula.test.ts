import { describe, expect, it } from 'vitest';
import { CORRELATION_TABLE } from '../correlation-table.js';
import { createCorrelationLookup, type CorrelationTable } from '../correlation/correlation-lookup.js';
import { distributionMoments } from '../distributions/points-distribution.js';
import { createRandom } from '../random/xoshiro128.js';
import { createScenarioScratch, drawScenarioBlock, SCENARIO_BLOCK_SIZE } from './draw-scenarios.js';
import { buildScenarioModel, type SimulationPlayer } from './scenario-model.js';

const N = 100_000;

function ranks(values: Float64Array): Float64Array {
  const order = Array.from(values.keys()).sort((a, b) => values[a]! - values[b]!);
  const result = new Float64Array(values.length);
  // Mid-ranks for ties (the floor atom).
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && values[order[end + 1]!] === values[order[start]!]) end++;
    for (let k = start; k <= end; k++) result[order[k]!] = (start + end) / 2;
    start = end + 1;
  }
  return result;
}

function pearson(a: Float64Array, b: Float64Array): number {
  const n = a.length;
  const meanA = a.reduce((s, x) => s + x, 0) / n;
  const meanB = b.reduce((s, x) => s + x, 0) / n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i]! - meanA) * (b[i]! - meanB);
    aa += (a[i]! - meanA) ** 2;
    bb += (b[i]! - meanB) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

/** The Gaussian-copula ρ recovered from Spearman's rank correlation: ρ = 2·sin(π·ρ_S / 6) (Kruskal 1958). */
function copulaCorrelation(a: Float64Array, b: Float64Array): number {
  return 2 * Math.sin((Math.PI * pearson(ranks(a), ranks(b))) / 6);
}

function drawPair(players: SimulationPlayer[], table: CorrelationTable): [Float64Array, Float64Array] {
  const model = buildScenarioModel(players, table);
  const random = createRandom(17);
  const scratch = createScenarioScratch(model);
  const samples = new Float64Array(model.players.length * N);
  for (let offset = 0; offset < N; offset += SCENARIO_BLOCK_SIZE) {
    drawScenarioBlock(model, random, Math.min(SCENARIO_BLOCK_SIZE, N - offset), scratch, samples, N, offset);
  }
  return [samples.subarray(0, N), samples.subarray(N, 2 * N)];
}

const qb: SimulationPlayer = {
  id: 'qb',
  position: 'QB',
  team: 'CIN',
  opponent: 'BAL',
  depthRank: 1,
  predMean: 21,
  predStd: 8,
};
const wr: SimulationPlayer = {
  id: 'wr',
  position: 'WR',
  team: 'CIN',
  opponent: 'BAL',
  depthRank: 1,
  predMean: 17,
  predStd: 8,
};
const defense: SimulationPlayer = {
  id: 'def',
  position: 'DEF',
  team: 'BAL',
  opponent: '@CIN',
  predMean: 7,
  predStd: 5,
};

function tableWith(entries: CorrelationTable['positions']): CorrelationTable {
  return { ...CORRELATION_TABLE, roles: [], positions: entries };
}

describe('Gaussian copula', () => {
  it('recovers a known correlation within ±0.03 from 100,000 sampled pairs (positive and negative)', () => {
    for (const rho of [0.5, 0.2, -0.35]) {
      const table = tableWith([{ a: 'QB', b: 'WR', relation: 'teammate', rho, n: 0 }]);
      const [qbPoints, wrPoints] = drawPair([qb, wr], table);
      expect(Math.abs(copulaCorrelation(qbPoints, wrPoints) - rho)).toBeLessThan(0.03);
    }
  });

  it('recovers the fitted table’s own QB1–WR1 and DEF–opposing-QB correlations within ±0.03', () => {
    const lookup = createCorrelationLookup(CORRELATION_TABLE);
    const stack = lookup({ position: 'QB', depthRank: 1 }, { position: 'WR', depthRank: 1 }, 'teammate');
    const [qbPoints, wrPoints] = drawPair([qb, wr], CORRELATION_TABLE);
    expect(stack).toBeGreaterThan(0);
    expect(Math.abs(copulaCorrelation(qbPoints, wrPoints) - stack)).toBeLessThan(0.03);

    const hedge = lookup({ position: 'DEF' }, { position: 'QB', depthRank: 1 }, 'opponent');
    const [qbAgain, defensePoints] = drawPair([qb, defense], CORRELATION_TABLE);
    expect(hedge).toBeLessThan(0);
    expect(Math.abs(copulaCorrelation(qbAgain, defensePoints) - hedge)).toBeLessThan(0.03);
  });

  it('leaves each player’s own distribution unchanged (mean within ±0.1)', () => {
    const table = tableWith([{ a: 'QB', b: 'WR', relation: 'teammate', rho: 0.6, n: 0 }]);
    const [qbPoints, wrPoints] = drawPair([qb, wr], table);
    const mean = (values: Float64Array): number => values.reduce((s, x) => s + x, 0) / values.length;
    expect(Math.abs(mean(qbPoints) - 21)).toBeLessThan(0.1);
    expect(Math.abs(mean(wrPoints) - 17)).toBeLessThan(0.1);
  });

  it('keeps players of different games independent (|ρ| < 0.02)', () => {
    const table = tableWith([{ a: 'QB', b: 'WR', relation: 'teammate', rho: 0.6, n: 0 }]);
    const [qbPoints, wrPoints] = drawPair([qb, { ...wr, team: 'SEA', opponent: 'SF' }], table);
    expect(Math.abs(copulaCorrelation(qbPoints, wrPoints))).toBeLessThan(0.02);
  });

  it('repairs a jointly impossible set of pairwise correlations instead of failing', () => {
    const table = tableWith([
      // Both receivers move with the QB but against each other: no joint distribution has these.
      { a: 'WR', b: 'WR', relation: 'teammate', rho: -0.95, n: 0 },
      { a: 'QB', b: 'WR', relation: 'teammate', rho: 0.95, n: 0 },
    ]);
    const model = buildScenarioModel([qb, wr, { ...wr, id: 'wr2' }], table);
    expect(model.correlationShrinkage).toBeGreaterThan(0);
    expect(distributionMoments(model.players[0]!.distribution).mean).toBeCloseTo(21, 9);
  });
});
