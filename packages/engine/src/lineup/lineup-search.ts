import { assignToSlots } from './slot-matching.js';

// Expected points only break ties in win probability; differences below this are noise.
const MEAN_TOLERANCE = 1e-9;

/**
 * Pre-drawn scenarios shared by every candidate line-up (common random numbers: each line-up is scored on the
 * same draws, so differences between line-ups carry no sampling noise of their own).
 */
export interface LineupSearchSpace {
  samples: Float64Array;
  /** Start of each candidate's `iterations` draws in `samples`. */
  rowOffset: Int32Array;
  iterations: number;
  /** What the free slots must outscore in each scenario: opponent total minus the fixed starters' points. */
  target: Float64Array;
  /** Mean points of each candidate over the scenarios. */
  means: Float64Array;
  canFill: readonly (readonly boolean[])[];
  slotCount: number;
}

export interface LineupScore {
  /** 2 × wins + ties over the scenarios (an integer, so comparisons are exact). */
  halfWins: number;
  mean: number;
}

export function isBetter(a: LineupScore, b: LineupScore): boolean {
  return a.halfWins > b.halfWins || (a.halfWins === b.halfWins && a.mean > b.mean + MEAN_TOLERANCE);
}

export function isLegal(space: LineupSearchSpace, lineup: readonly number[]): boolean {
  return lineup.length <= space.slotCount && assignToSlots(lineup, space.canFill, space.slotCount) !== null;
}

function sumRows(space: LineupSearchSpace, lineup: readonly number[], sums: Float64Array): void {
  sums.fill(0);
  for (const candidate of lineup) {
    const offset = space.rowOffset[candidate]!;
    for (let b = 0; b < space.iterations; b++) sums[b] = sums[b]! + space.samples[offset + b]!;
  }
}

function countHalfWins(sums: Float64Array, target: Float64Array): number {
  let halfWins = 0;
  for (let b = 0; b < sums.length; b++) {
    const margin = sums[b]! - target[b]!;
    if (margin > 0) halfWins += 2;
    else if (margin === 0) halfWins += 1;
  }
  return halfWins;
}

// Scores "lineup − out + in" from the line-up's per-scenario sums without rebuilding them.
function countHalfWinsAfterSwap(
  space: LineupSearchSpace,
  sums: Float64Array,
  outOffset: number,
  inOffset: number,
): number {
  const { samples, target } = space;
  let halfWins = 0;
  for (let b = 0; b < sums.length; b++) {
    const leaving = outOffset >= 0 ? samples[outOffset + b]! : 0;
    const margin = sums[b]! - leaving + samples[inOffset + b]! - target[b]!;
    if (margin > 0) halfWins += 2;
    else if (margin === 0) halfWins += 1;
  }
  return halfWins;
}

function meanOf(space: LineupSearchSpace, lineup: readonly number[]): number {
  return lineup.reduce((total, candidate) => total + space.means[candidate]!, 0);
}

export function scoreLineup(space: LineupSearchSpace, lineup: readonly number[]): LineupScore {
  const sums = new Float64Array(space.iterations);
  sumRows(space, lineup, sums);
  return { halfWins: countHalfWins(sums, space.target), mean: meanOf(space, lineup) };
}

// Steepest-ascent hill climbing over the swap neighborhood (Russell & Norvig, AIMA, §4.1), scored with common random numbers (Law & Kelton, Simulation Modeling and Analysis, variance reduction).
/**
 * Best-improvement local search over single swaps (one starter out, one candidate in, or a candidate into an
 * empty slot), keeping only legal line-ups and strictly better scores, until no swap helps. Never returns a line-up
 * scoring below `start` on these scenarios.
 */
export function improveLineup(
  space: LineupSearchSpace,
  start: readonly number[],
  candidates: readonly number[],
): { lineup: number[]; score: LineupScore } {
  let lineup = [...start];
  let score = scoreLineup(space, lineup);
  const sums = new Float64Array(space.iterations);
  for (;;) {
    sumRows(space, lineup, sums);
    let best: { lineup: number[]; score: LineupScore } | null = null;
    const bench = candidates.filter((candidate) => !lineup.includes(candidate));
    const leaving = lineup.length < space.slotCount ? [-1, ...lineup] : lineup;
    for (const out of leaving) {
      for (const entering of bench) {
        const next = [...lineup.filter((candidate) => candidate !== out), entering];
        if (!isLegal(space, next)) continue;
        const outOffset = out >= 0 ? space.rowOffset[out]! : -1;
        const halfWins = countHalfWinsAfterSwap(space, sums, outOffset, space.rowOffset[entering]!);
        const nextScore = { halfWins, mean: meanOf(space, next) };
        if (isBetter(nextScore, best?.score ?? score)) best = { lineup: next, score: nextScore };
      }
    }
    if (!best) return { lineup, score };
    // Re-scored from scratch so the guarantee does not rest on incrementally updated sums.
    const rescored = scoreLineup(space, best.lineup);
    if (!isBetter(rescored, score)) return { lineup, score };
    lineup = best.lineup;
    score = rescored;
  }
}
