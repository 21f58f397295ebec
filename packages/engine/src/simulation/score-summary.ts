import {
  QUANTILE_BUCKETS,
  quantileBucketScale,
  quantilesFromBucketCounts,
  sampleQuantiles,
} from '../math/order-statistics.js';

/** Bars in every histogram the engine returns. */
export const HISTOGRAM_BINS = 40;

export interface Histogram {
  /** bins + 1 ascending edges; bin i covers [edges[i], edges[i+1]) and the last bin includes its right edge. */
  binEdges: number[];
  counts: number[];
}

export interface ScoreSummary {
  mean: number;
  std: number;
  median: number;
  p10: number;
  p25: number;
  p75: number;
  p90: number;
  min: number;
  max: number;
  histogram: Histogram;
}

/** Evenly spaced edges over [low, high] (widened by half a point either side when the range is empty). */
export function histogramEdges(low: number, high: number, bins = HISTOGRAM_BINS): number[] {
  const [from, to] = high > low ? [low, high] : [low - 0.5, high + 0.5];
  const width = (to - from) / bins;
  return Array.from({ length: bins + 1 }, (_, i) => (i === bins ? to : from + i * width));
}

// Kept apart from `histogram` so the optimized loop holds nothing but the loop.
function countIntoBins(values: Float64Array, from: number, to: number, counts: Int32Array): void {
  const bins = counts.length;
  const scale = bins / (to - from);
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (value < from || value > to) continue;
    const bin = Math.min(bins - 1, Math.floor((value - from) * scale));
    counts[bin]!++;
  }
}

export function histogram(values: Float64Array, binEdges: number[]): Histogram {
  const bins = binEdges.length - 1;
  const counts = new Int32Array(bins);
  countIntoBins(values, binEdges[0]!, binEdges[bins]!, counts);
  return { binEdges, counts: Array.from(counts) };
}

export interface ScoreMoments {
  min: number;
  max: number;
  mean: number;
  std: number;
}

/**
 * Moments from running sums of deviations from `shift` (the first value): Chan, Golub & LeVeque (1983), "shifted
 * data" algorithm, so that the difference of squares does not cancel; standard deviation with n − 1 denominator.
 */
export function momentsFromShiftedSums(
  n: number,
  shift: number,
  min: number,
  max: number,
  sum: number,
  squares: number,
): ScoreMoments {
  const variance = n > 1 ? Math.max(0, (squares - (sum * sum) / n) / (n - 1)) : 0;
  return { min, max, mean: shift + sum / n, std: Math.sqrt(variance) };
}

// Range, mean and standard deviation in one pass (see momentsFromShiftedSums).
export function scoreMoments(values: Float64Array): ScoreMoments {
  const n = values.length;
  const shift = values[0] ?? 0;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const value = values[i]!;
    if (value < min) min = value;
    if (value > max) max = value;
    const deviation = value - shift;
    sum += deviation;
    squares += deviation * deviation;
  }
  return momentsFromShiftedSums(n, shift, min, max, sum, squares);
}

const SUMMARY_PROBABILITIES = [0.1, 0.25, 0.5, 0.75, 0.9];
const LAST_QUANTILE_BUCKET = QUANTILE_BUCKETS - 1;
const quantileBucketCounts = new Int32Array(QUANTILE_BUCKETS);

// One pass counting each value into its histogram bin (as countIntoBins) and its quantile bucket (as
// sampleQuantiles), for values within [min, max], max > min.
function countBinsAndBuckets(
  values: Float64Array,
  from: number,
  to: number,
  binCounts: Int32Array,
  min: number,
  bucketScale: number,
  bucketCounts: Int32Array,
): void {
  const lastBin = binCounts.length - 1;
  const binScale = binCounts.length / (to - from);
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    bucketCounts[Math.min(LAST_QUANTILE_BUCKET, ((value - min) * bucketScale) | 0)]!++;
    if (value < from || value > to) continue;
    binCounts[Math.min(lastBin, Math.floor((value - from) * binScale))]!++;
  }
}

/** Mean, spread, quantiles and histogram of simulated scores; `values` stays in iteration order. */
export function summarizeScores(
  values: Float64Array,
  binEdges: number[],
  moments: ScoreMoments = scoreMoments(values),
): ScoreSummary {
  const { min, max, mean, std } = moments;
  let quantiles: number[];
  let binned: Histogram;
  if (values.length > 0 && max > min) {
    const bins = binEdges.length - 1;
    const binCounts = new Int32Array(bins);
    quantileBucketCounts.fill(0);
    countBinsAndBuckets(
      values,
      binEdges[0]!,
      binEdges[bins]!,
      binCounts,
      min,
      quantileBucketScale(min, max),
      quantileBucketCounts,
    );
    quantiles = quantilesFromBucketCounts(values, SUMMARY_PROBABILITIES, min, max, quantileBucketCounts);
    binned = { binEdges, counts: Array.from(binCounts) };
  } else {
    quantiles = sampleQuantiles(values, SUMMARY_PROBABILITIES, [min, max]);
    binned = histogram(values, binEdges);
  }
  const [p10 = 0, p25 = 0, median = 0, p75 = 0, p90 = 0] = quantiles;
  return { mean, std, median, p10, p25, p75, p90, min, max, histogram: binned };
}
