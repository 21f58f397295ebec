import { CORRELATION_TABLE } from '../correlation-table.js';
import type { CorrelationTable } from '../correlation/correlation-lookup.js';
import { boomBustChances } from '../distributions/boom-bust.js';
import {
  distributionMoments,
  distributionQuantile,
  type DistributionSource,
} from '../distributions/points-distribution.js';
import { EngineInputError, validateIterations } from '../errors.js';
import { createRandom, randomSeed, type Seed } from '../random/xoshiro128.js';
import { createScenarioScratch, drawScenarioBlock, SCENARIO_BLOCK_SIZE } from './draw-scenarios.js';
import { buildScenarioModel, type ScenarioModel, type SimulationPlayer } from './scenario-model.js';
import {
  HISTOGRAM_BINS,
  histogramEdges,
  momentsFromShiftedSums,
  summarizeScores,
  type ScoreMoments,
  type ScoreSummary,
} from './score-summary.js';

export interface MatchupTeam {
  name?: string | null;
  players: SimulationPlayer[];
}

export interface MatchupInput {
  user: MatchupTeam;
  opponent: MatchupTeam;
  /** 1,000–1,000,000; default 10,000. */
  iterations?: number;
  /** Same seed, same input → identical result. A random seed is chosen (and returned) when absent. */
  seed?: Seed;
  histogramBins?: number;
  correlations?: CorrelationTable;
  /**
   * Every player to draw, in order (default: the user's then the opponent's players). Passing a lineup lab's
   * `[...roster, ...opponent]` with its seed draws the very same scenarios (common random numbers), so this line-up's
   * win probability equals the lab's figure for it exactly. Must include every player of both line-ups.
   */
  scenarioPlayers?: SimulationPlayer[];
}

export type MatchupSide = 'user' | 'opponent';

/**
 * How many players a run of `input` draws in every iteration (what its cost grows with): the distinct
 * scenario players when given (a league line-up run draws the user's whole roster), else both line-ups.
 */
export function drawnPlayerCount(input: Pick<MatchupInput, 'user' | 'opponent' | 'scenarioPlayers'>): number {
  const drawn = input.scenarioPlayers ?? [...input.user.players, ...input.opponent.players];
  return new Set(drawn.map((player) => player.id)).size;
}

export interface PlayerOutcome {
  id: string;
  name: string | null;
  position: string;
  side: MatchupSide;
  source: DistributionSource;
  /** No projection was available: the positional baseline was used. */
  isBaseline: boolean;
  /** The distribution used (mean and std of the floored distribution, and its quantiles). */
  projection: { mean: number; std: number; p10: number; p50: number; p90: number };
  simulatedMean: number;
  /**
   * P(points ≥ BOOM_THRESHOLD[position]) and P(points < BUST_THRESHOLD[position]), from the player's distribution
   * (the copula keeps every player's own distribution, so these are exact, not Monte Carlo); null for positions
   * without thresholds.
   */
  boomProbability: number | null;
  bustProbability: number | null;
  /**
   * Share of the margin's variance this player carries: ±Cov(points, margin) / Var(margin), + for the user's side
   * and − for the opponent's, so the shares of all players sum to 1. Negative = he hedges his own side.
   */
  swingShare: number;
}

export interface MatchupResult {
  iterations: number;
  seed: Seed;
  /** P(user wins) with ties counted half. */
  winProbability: number;
  tieProbability: number;
  /** Monte Carlo standard error of winProbability, √(p(1−p)/N). */
  winProbabilityStandardError: number;
  /** Mean of user − opponent points. */
  predictedScoreDifference: number;
  user: ScoreSummary & { name: string | null };
  opponent: ScoreSummary & { name: string | null };
  /** User − opponent points per iteration. */
  difference: ScoreSummary;
  players: PlayerOutcome[];
  /** λ used to repair an inconsistent correlation matrix (0 = none needed). */
  correlationShrinkage: number;
}

const MAX_HISTOGRAM_BINS = 1_000;

function validateHistogramBins(bins: number | undefined): number {
  if (bins === undefined) return HISTOGRAM_BINS;
  if (!Number.isInteger(bins) || bins < 1 || bins > MAX_HISTOGRAM_BINS) {
    throw new EngineInputError(
      'INVALID_INPUT',
      'histogramBins',
      `histogramBins must be a whole number from 1 to ${MAX_HISTOGRAM_BINS}`,
    );
  }
  return bins;
}

interface PlayerAccumulators {
  sum: Float64Array;
  marginProduct: Float64Array;
}

function sideIndices(model: ScenarioModel, team: MatchupTeam): Int32Array {
  return Int32Array.from(new Set(team.players.map((player) => model.indexById.get(player.id)!)));
}

/**
 * Running per-iteration statistics of the user's totals, the opponent's and the margins: for each series its shift
 * (first value), min, max, and the sums of deviations and squared deviations from the shift (see
 * momentsFromShiftedSums); then wins and ties.
 */
const STATS_PER_SERIES = 5;
const WINS = 3 * STATS_PER_SERIES;
const TIES = WINS + 1;

function createTotalsStats(): Float64Array {
  const stats = new Float64Array(TIES + 1);
  for (let series = 0; series < 3; series++) {
    stats[series * STATS_PER_SERIES + 1] = Infinity;
    stats[series * STATS_PER_SERIES + 2] = -Infinity;
  }
  return stats;
}

function seriesMoments(stats: Float64Array, series: number, n: number): ScoreMoments {
  const at = series * STATS_PER_SERIES;
  return momentsFromShiftedSums(
    n,
    stats[at]!,
    stats[at + 1]!,
    stats[at + 2]!,
    stats[at + 3]!,
    stats[at + 4]!,
  );
}

/**
 * A side's totals over a block into totals[offset, offset + blockSize), its players added in line-up order
 * (0 + x₁ + x₂ + …, left to right), three rows per pass over the block (each pass costs more than its additions).
 * `rows` are the side's row offsets in `points`.
 */
function sumSide(
  points: Float64Array,
  rows: Int32Array,
  blockSize: number,
  totals: Float64Array,
  offset: number,
): void {
  const end = offset + blockSize;
  totals.fill(0, offset, end);
  const count = rows.length;
  let s = 0;
  for (; s + 2 < count; s += 3) {
    const first = rows[s]! - offset;
    const second = rows[s + 1]! - offset;
    const third = rows[s + 2]! - offset;
    for (let b = offset; b < end; b++) {
      totals[b] = totals[b]! + points[first + b]! + points[second + b]! + points[third + b]!;
    }
  }
  if (count - s === 2) {
    const first = rows[s]! - offset;
    const second = rows[s + 1]! - offset;
    for (let b = offset; b < end; b++) totals[b] = totals[b]! + points[first + b]! + points[second + b]!;
  } else if (count - s === 1) {
    const first = rows[s]! - offset;
    for (let b = offset; b < end; b++) totals[b] = totals[b]! + points[first + b]!;
  }
}

/**
 * One pass over a block of both sides' totals: the margins, wins and ties, and the running moments of all three
 * series, summed in iteration order as scoreMoments would.
 */
function totalBlock(
  blockSize: number,
  offset: number,
  userTotals: Float64Array,
  opponentTotals: Float64Array,
  margins: Float64Array,
  stats: Float64Array,
): void {
  if (offset === 0) {
    // The shifts: each series' first value.
    stats[0] = userTotals[0]!;
    stats[STATS_PER_SERIES] = opponentTotals[0]!;
    stats[2 * STATS_PER_SERIES] = userTotals[0]! - opponentTotals[0]!;
  }
  const userShift = stats[0]!;
  let userMin = stats[1]!;
  let userMax = stats[2]!;
  let userSum = stats[3]!;
  let userSquares = stats[4]!;
  const opponentShift = stats[5]!;
  let opponentMin = stats[6]!;
  let opponentMax = stats[7]!;
  let opponentSum = stats[8]!;
  let opponentSquares = stats[9]!;
  const marginShift = stats[10]!;
  let marginMin = stats[11]!;
  let marginMax = stats[12]!;
  let marginSum = stats[13]!;
  let marginSquares = stats[14]!;
  let wins = stats[WINS]!;
  let ties = stats[TIES]!;
  for (let b = 0; b < blockSize; b++) {
    const user = userTotals[offset + b]!;
    const opponent = opponentTotals[offset + b]!;
    const margin = user - opponent;
    margins[offset + b] = margin;
    if (margin > 0) wins++;
    else if (margin === 0) ties++;
    if (user < userMin) userMin = user;
    if (user > userMax) userMax = user;
    const userDeviation = user - userShift;
    userSum += userDeviation;
    userSquares += userDeviation * userDeviation;
    if (opponent < opponentMin) opponentMin = opponent;
    if (opponent > opponentMax) opponentMax = opponent;
    const opponentDeviation = opponent - opponentShift;
    opponentSum += opponentDeviation;
    opponentSquares += opponentDeviation * opponentDeviation;
    if (margin < marginMin) marginMin = margin;
    if (margin > marginMax) marginMax = margin;
    const marginDeviation = margin - marginShift;
    marginSum += marginDeviation;
    marginSquares += marginDeviation * marginDeviation;
  }
  stats[1] = userMin;
  stats[2] = userMax;
  stats[3] = userSum;
  stats[4] = userSquares;
  stats[6] = opponentMin;
  stats[7] = opponentMax;
  stats[8] = opponentSum;
  stats[9] = opponentSquares;
  stats[11] = marginMin;
  stats[12] = marginMax;
  stats[13] = marginSum;
  stats[14] = marginSquares;
  stats[WINS] = wins;
  stats[TIES] = ties;
}

function accumulatePlayers(
  model: ScenarioModel,
  points: Float64Array,
  margins: Float64Array,
  offset: number,
  blockSize: number,
  into: PlayerAccumulators,
): void {
  // Fixed scores need no accumulating: their mean is the score and their swing share 0.
  // Three players per pass over the block, so each margin is read once per three.
  const { randomPlayers } = model;
  const count = randomPlayers.length;
  let v = 0;
  for (; v + 2 < count; v += 3) {
    const first = randomPlayers[v]!;
    const second = randomPlayers[v + 1]!;
    const third = randomPlayers[v + 2]!;
    const firstRow = first * blockSize;
    const secondRow = second * blockSize;
    const thirdRow = third * blockSize;
    let firstSum = 0;
    let firstProduct = 0;
    let secondSum = 0;
    let secondProduct = 0;
    let thirdSum = 0;
    let thirdProduct = 0;
    for (let b = 0; b < blockSize; b++) {
      const margin = margins[offset + b]!;
      const x = points[firstRow + b]!;
      const y = points[secondRow + b]!;
      const z = points[thirdRow + b]!;
      firstSum += x;
      firstProduct += x * margin;
      secondSum += y;
      secondProduct += y * margin;
      thirdSum += z;
      thirdProduct += z * margin;
    }
    into.sum[first] = into.sum[first]! + firstSum;
    into.marginProduct[first] = into.marginProduct[first]! + firstProduct;
    into.sum[second] = into.sum[second]! + secondSum;
    into.marginProduct[second] = into.marginProduct[second]! + secondProduct;
    into.sum[third] = into.sum[third]! + thirdSum;
    into.marginProduct[third] = into.marginProduct[third]! + thirdProduct;
  }
  for (; v < count; v++) {
    const p = randomPlayers[v]!;
    const row = p * blockSize;
    let sum = 0;
    let product = 0;
    for (let b = 0; b < blockSize; b++) {
      const x = points[row + b]!;
      sum += x;
      product += x * margins[offset + b]!;
    }
    into.sum[p] = into.sum[p]! + sum;
    into.marginProduct[p] = into.marginProduct[p]! + product;
  }
}

function describeOutcomes(
  model: ScenarioModel,
  input: MatchupInput,
  accumulators: PlayerAccumulators,
  iterations: number,
  difference: ScoreSummary,
): PlayerOutcome[] {
  const marginVariance = difference.std ** 2 * ((iterations - 1) / iterations);
  const sides: [MatchupSide, MatchupTeam][] = [
    ['user', input.user],
    ['opponent', input.opponent],
  ];
  return sides.flatMap(([side, team]) =>
    team.players.map((player) => {
      const index = model.indexById.get(player.id)!;
      const { distribution, position } = model.players[index]!;
      const isFixed = distribution.kind === 'constant';
      const mean = isFixed ? distribution.shift : accumulators.sum[index]! / iterations;
      const covariance = accumulators.marginProduct[index]! / iterations - mean * difference.mean;
      const sign = side === 'user' ? 1 : -1;
      const chances = boomBustChances(distribution, position);
      return {
        id: player.id,
        name: player.name ?? null,
        position: player.position,
        side,
        source: distribution.source,
        isBaseline: distribution.source === 'baseline',
        projection: {
          ...distributionMoments(distribution),
          p10: distributionQuantile(distribution, 0.1),
          p50: distributionQuantile(distribution, 0.5),
          p90: distributionQuantile(distribution, 0.9),
        },
        simulatedMean: mean,
        boomProbability: chances?.boom ?? null,
        bustProbability: chances?.bust ?? null,
        swingShare: marginVariance > 0 && !isFixed ? (sign * covariance) / marginVariance : 0,
      };
    }),
  );
}

// The per-iteration series of synchronous runs up to this length live in one buffer kept between runs (such a run
// keeps no view of them), sparing the allocation and zeroing of 3 × 80 KB per default run; longer runs, and runs in
// steps (several may be under way at once), allocate.
const REUSED_SERIES_MAX_ITERATIONS = 100_000;
let reusedSeries = new Float64Array(0);

function seriesBuffers(iterations: number, isReusable: boolean): [Float64Array, Float64Array, Float64Array] {
  let buffer: Float64Array;
  if (!isReusable || iterations > REUSED_SERIES_MAX_ITERATIONS) {
    buffer = new Float64Array(3 * iterations);
  } else {
    if (reusedSeries.length < 3 * iterations) reusedSeries = new Float64Array(3 * iterations);
    buffer = reusedSeries;
  }
  return [
    buffer.subarray(0, iterations),
    buffer.subarray(iterations, 2 * iterations),
    buffer.subarray(2 * iterations, 3 * iterations),
  ];
}

/**
 * Monte Carlo of two line-ups: each iteration draws every player's points jointly (Gaussian copula per game,
 * finished games fixed at their actual points) and compares the totals.
 */
export function simulateMatchup(input: MatchupInput): MatchupResult {
  const steps = matchupSteps(input, true);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * simulateMatchup in steps: the run pauses after each block of iterations (a few hundred), so that a thread can take
 * turns between several runs, and its result is simulateMatchup's for the same input. Nothing runs, and no input error
 * is thrown, before the first `next()`.
 */
export function simulateMatchupInSteps(input: MatchupInput): Generator<void, MatchupResult, void> {
  return matchupSteps(input, false);
}

function* matchupSteps(input: MatchupInput, isSynchronous: boolean): Generator<void, MatchupResult, void> {
  const iterations = validateIterations(input.iterations);
  const seed = input.seed ?? randomSeed();
  const random = createRandom(seed);
  const model = buildScenarioModel(
    input.scenarioPlayers ?? [...input.user.players, ...input.opponent.players],
    input.correlations ?? CORRELATION_TABLE,
  );
  for (const player of [...input.user.players, ...input.opponent.players]) {
    if (!model.indexById.has(player.id)) {
      throw new EngineInputError(
        'INVALID_INPUT',
        'scenarioPlayers',
        `scenarioPlayers lacks player ${player.id}`,
      );
    }
  }
  const userSide = sideIndices(model, input.user);
  const opponentSide = sideIndices(model, input.opponent);
  const playerCount = model.players.length;

  const scratch = createScenarioScratch(model);
  const points = new Float64Array(playerCount * SCENARIO_BLOCK_SIZE);
  const [userTotals, opponentTotals, margins] = seriesBuffers(iterations, isSynchronous);
  const accumulators: PlayerAccumulators = {
    sum: new Float64Array(playerCount),
    marginProduct: new Float64Array(playerCount),
  };
  const stats = createTotalsStats();
  const userRows = new Int32Array(userSide.length);
  const opponentRows = new Int32Array(opponentSide.length);
  for (let offset = 0; offset < iterations; offset += SCENARIO_BLOCK_SIZE) {
    const blockSize = Math.min(SCENARIO_BLOCK_SIZE, iterations - offset);
    drawScenarioBlock(model, random, blockSize, scratch, points, blockSize, 0);
    for (let s = 0; s < userSide.length; s++) userRows[s] = userSide[s]! * blockSize;
    for (let s = 0; s < opponentSide.length; s++) opponentRows[s] = opponentSide[s]! * blockSize;
    sumSide(points, userRows, blockSize, userTotals, offset);
    sumSide(points, opponentRows, blockSize, opponentTotals, offset);
    totalBlock(blockSize, offset, userTotals, opponentTotals, margins, stats);
    accumulatePlayers(model, points, margins, offset, blockSize, accumulators);
    if (!isSynchronous) yield;
  }
  const wins = stats[WINS]!;
  const ties = stats[TIES]!;

  const bins = validateHistogramBins(input.histogramBins);
  const userMoments = seriesMoments(stats, 0, iterations);
  const opponentMoments = seriesMoments(stats, 1, iterations);
  const marginMoments = seriesMoments(stats, 2, iterations);
  const scoreEdges = histogramEdges(
    Math.min(userMoments.min, opponentMoments.min),
    Math.max(userMoments.max, opponentMoments.max),
    bins,
  );
  const marginEdges = histogramEdges(marginMoments.min, marginMoments.max, bins);
  const difference = summarizeScores(margins, marginEdges, marginMoments);
  const winProbability = (wins + ties / 2) / iterations;
  return {
    iterations,
    seed,
    winProbability,
    tieProbability: ties / iterations,
    winProbabilityStandardError: Math.sqrt((winProbability * (1 - winProbability)) / iterations),
    predictedScoreDifference: difference.mean,
    user: { name: input.user.name ?? null, ...summarizeScores(userTotals, scoreEdges, userMoments) },
    opponent: {
      name: input.opponent.name ?? null,
      ...summarizeScores(opponentTotals, scoreEdges, opponentMoments),
    },
    difference,
    players: describeOutcomes(model, input, accumulators, iterations, difference),
    correlationShrinkage: model.correlationShrinkage,
  };
}
