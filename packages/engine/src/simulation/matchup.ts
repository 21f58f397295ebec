import { CORRELATION_TABLE } from '../correlation-table.js';
import type { CorrelationTable } from '../correlation/correlation-lookup.js';
import {
  distributionMoments,
  distributionQuantile,
  probabilityBelow,
  type DistributionSource,
} from '../distributions/points-distribution.js';
import { BOOM_THRESHOLD, BUST_THRESHOLD } from '../distributions/positions.js';
import { EngineInputError, validateIterations } from '../errors.js';
import { createRandom, randomSeed, type Seed } from '../random/xoshiro128.js';
import { createScenarioScratch, drawScenarioBlock, SCENARIO_BLOCK_SIZE } from './draw-scenarios.js';
import { buildScenarioModel, type ScenarioModel, type SimulationPlayer } from './scenario-model.js';
import {
  HISTOGRAM_BINS,
  histogramEdges,
  scoreMoments,
  summariseScores,
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
}

export type MatchupSide = 'user' | 'opponent';

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

function sumSide(
  points: Float64Array,
  side: Int32Array,
  blockSize: number,
  totals: Float64Array,
  offset: number,
): void {
  totals.fill(0, offset, offset + blockSize);
  for (let s = 0; s < side.length; s++) {
    const row = side[s]! * blockSize;
    for (let b = 0; b < blockSize; b++) totals[offset + b] = totals[offset + b]! + points[row + b]!;
  }
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
  const { randomPlayers } = model;
  for (let v = 0; v < randomPlayers.length; v++) {
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
        boomProbability: position ? 1 - probabilityBelow(distribution, BOOM_THRESHOLD[position]) : null,
        bustProbability: position ? probabilityBelow(distribution, BUST_THRESHOLD[position]) : null,
        swingShare: marginVariance > 0 && !isFixed ? (sign * covariance) / marginVariance : 0,
      };
    }),
  );
}

/**
 * Monte Carlo of two line-ups: each iteration draws every player's points jointly (Gaussian copula per game,
 * finished games fixed at their actual points) and compares the totals.
 */
export function simulateMatchup(input: MatchupInput): MatchupResult {
  const iterations = validateIterations(input.iterations);
  const seed = input.seed ?? randomSeed();
  const random = createRandom(seed);
  const model = buildScenarioModel(
    [...input.user.players, ...input.opponent.players],
    input.correlations ?? CORRELATION_TABLE,
  );
  const userSide = sideIndices(model, input.user);
  const opponentSide = sideIndices(model, input.opponent);
  const playerCount = model.players.length;

  const scratch = createScenarioScratch(model);
  const points = new Float64Array(playerCount * SCENARIO_BLOCK_SIZE);
  const userTotals = new Float64Array(iterations);
  const opponentTotals = new Float64Array(iterations);
  const margins = new Float64Array(iterations);
  const accumulators: PlayerAccumulators = {
    sum: new Float64Array(playerCount),
    marginProduct: new Float64Array(playerCount),
  };
  let wins = 0;
  let ties = 0;
  for (let offset = 0; offset < iterations; offset += SCENARIO_BLOCK_SIZE) {
    const blockSize = Math.min(SCENARIO_BLOCK_SIZE, iterations - offset);
    drawScenarioBlock(model, random, blockSize, scratch, points, blockSize, 0);
    sumSide(points, userSide, blockSize, userTotals, offset);
    sumSide(points, opponentSide, blockSize, opponentTotals, offset);
    for (let b = offset; b < offset + blockSize; b++) {
      const margin = userTotals[b]! - opponentTotals[b]!;
      margins[b] = margin;
      if (margin > 0) wins++;
      else if (margin === 0) ties++;
    }
    accumulatePlayers(model, points, margins, offset, blockSize, accumulators);
  }

  const bins = validateHistogramBins(input.histogramBins);
  const userMoments = scoreMoments(userTotals);
  const opponentMoments = scoreMoments(opponentTotals);
  const marginMoments = scoreMoments(margins);
  const scoreEdges = histogramEdges(
    Math.min(userMoments.min, opponentMoments.min),
    Math.max(userMoments.max, opponentMoments.max),
    bins,
  );
  const marginEdges = histogramEdges(marginMoments.min, marginMoments.max, bins);
  const difference = summariseScores(margins, marginEdges, marginMoments);
  const winProbability = (wins + ties / 2) / iterations;
  return {
    iterations,
    seed,
    winProbability,
    tieProbability: ties / iterations,
    winProbabilityStandardError: Math.sqrt((winProbability * (1 - winProbability)) / iterations),
    predictedScoreDifference: difference.mean,
    user: { name: input.user.name ?? null, ...summariseScores(userTotals, scoreEdges, userMoments) },
    opponent: {
      name: input.opponent.name ?? null,
      ...summariseScores(opponentTotals, scoreEdges, opponentMoments),
    },
    difference,
    players: describeOutcomes(model, input, accumulators, iterations, difference),
    correlationShrinkage: model.correlationShrinkage,
  };
}
