// Values are spread over this many equal-width buckets; only the few buckets holding a wanted rank get sorted.
export const QUANTILE_BUCKETS = 2048;
const LAST_BUCKET = QUANTILE_BUCKETS - 1;

// Scratch reused between calls (a call is synchronous and keeps no view of them): first ranks and gather cursors.
const firstRank = new Int32Array(QUANTILE_BUCKETS);
const gatherCursor = new Int32Array(QUANTILE_BUCKETS);

/** [min, max] of the values. */
export function valueRange(values: Float64Array): [number, number] {
  let low = Infinity;
  let high = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (value < low) low = value;
    if (value > high) high = value;
  }
  return [low, high];
}

/** Buckets per unit of value over [min, max]; a value's bucket is min(last, ⌊(value − min)·scale⌋). */
export function quantileBucketScale(min: number, max: number): number {
  return QUANTILE_BUCKETS / (max - min);
}

// The counting and gathering loops live in their own functions so their optimized code holds only the loop.
function countBuckets(values: Float64Array, min: number, scale: number, counts: Int32Array): void {
  for (let i = 0; i < values.length; i++) {
    counts[Math.min(LAST_BUCKET, ((values[i]! - min) * scale) | 0)]!++;
  }
}

function gatherBuckets(
  values: Float64Array,
  min: number,
  scale: number,
  cursor: Int32Array,
  gathered: Float64Array,
): void {
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    const bucket = Math.min(LAST_BUCKET, ((value - min) * scale) | 0);
    const offset = cursor[bucket]!;
    if (offset >= 0) {
      gathered[offset] = value;
      cursor[bucket] = offset + 1;
    }
  }
}

// The bucket holding a rank: the last bucket whose first rank is ≤ rank (first ranks ascend).
function bucketOfRank(rank: number): number {
  let low = 0;
  let high = LAST_BUCKET;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (firstRank[middle]! <= rank) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * sampleQuantiles for values of range [min, max] (max > min, n > 0) whose bucket sizes (see quantileBucketScale)
 * are already counted in `counts` (QUANTILE_BUCKETS long).
 */
export function quantilesFromBucketCounts(
  values: Float64Array,
  probabilities: readonly number[],
  min: number,
  max: number,
  counts: Int32Array,
): number[] {
  const n = values.length;
  const scale = quantileBucketScale(min, max);
  firstRank[0] = 0;
  for (let b = 1; b < QUANTILE_BUCKETS; b++) firstRank[b] = firstRank[b - 1]! + counts[b - 1]!;

  const ranks = probabilities.flatMap((p) => {
    const below = Math.floor((n - 1) * p);
    return [below, Math.min(below + 1, n - 1)];
  });
  const rankBuckets = ranks.map(bucketOfRank);
  const wantedBuckets = [...new Set(rankBuckets)];
  const gatherStart = new Map<number, number>();
  gatherCursor.fill(-1);
  let gatheredLength = 0;
  for (const bucket of wantedBuckets) {
    gatherStart.set(bucket, gatheredLength);
    gatherCursor[bucket] = gatheredLength;
    gatheredLength += counts[bucket]!;
  }
  const gathered = new Float64Array(gatheredLength);
  gatherBuckets(values, min, scale, gatherCursor, gathered);
  for (const bucket of wantedBuckets) {
    const offset = gatherStart.get(bucket)!;
    gathered.subarray(offset, offset + counts[bucket]!).sort();
  }
  const orderStatistic = (index: number): number => {
    const bucket = rankBuckets[index]!;
    return gathered[gatherStart.get(bucket)! + ranks[index]! - firstRank[bucket]!]!;
  };
  return probabilities.map((p, index) => {
    const position = (n - 1) * p;
    const low = orderStatistic(2 * index);
    return low + (orderStatistic(2 * index + 1) - low) * (position - Math.floor(position));
  });
}

/**
 * Sample quantiles at the given probabilities (Hyndman & Fan 1996, definition 7: linear interpolation between the
 * order statistics ⌊(n−1)p⌋ and the next), exact, by bucket selection: one counting pass, one pass gathering the
 * buckets that hold the wanted ranks, and a sort of those few values — O(n) instead of sorting all n.
 */
export function sampleQuantiles(
  values: Float64Array,
  probabilities: readonly number[],
  [min, max]: readonly [number, number] = valueRange(values),
): number[] {
  const n = values.length;
  if (n === 0) return probabilities.map(() => NaN);
  if (!(max > min)) return probabilities.map(() => min);
  const counts = new Int32Array(QUANTILE_BUCKETS);
  countBuckets(values, min, quantileBucketScale(min, max), counts);
  return quantilesFromBucketCounts(values, probabilities, min, max, counts);
}
