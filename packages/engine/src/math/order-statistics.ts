// Values are spread over this many equal-width buckets; only the few buckets holding a wanted rank get sorted.
const BUCKET_COUNT = 2048;
const LAST_BUCKET = BUCKET_COUNT - 1;

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

// The counting and gathering loops live in their own functions so their optimised code holds only the loop.
function countBuckets(values: Float64Array, min: number, scale: number, counts: Int32Array): void {
  for (let i = 0; i < values.length; i++) {
    counts[Math.min(LAST_BUCKET, ((values[i]! - min) * scale) | 0)]!++;
  }
}

function gatherBuckets(
  values: Float64Array,
  min: number,
  scale: number,
  gatherOffset: Int32Array,
  gathered: Float64Array,
): void {
  const filled = new Int32Array(BUCKET_COUNT);
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    const bucket = Math.min(LAST_BUCKET, ((value - min) * scale) | 0);
    const offset = gatherOffset[bucket]!;
    if (offset >= 0) gathered[offset + filled[bucket]!++] = value;
  }
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

  const scale = BUCKET_COUNT / (max - min);
  const counts = new Int32Array(BUCKET_COUNT);
  countBuckets(values, min, scale, counts);
  const firstRank = new Int32Array(BUCKET_COUNT);
  for (let b = 1; b < BUCKET_COUNT; b++) firstRank[b] = firstRank[b - 1]! + counts[b - 1]!;

  const ranks = probabilities.flatMap((p) => {
    const below = Math.floor((n - 1) * p);
    return [below, Math.min(below + 1, n - 1)];
  });
  const bucketOfRank = ranks.map((rank) => {
    let bucket = 0;
    while (bucket < LAST_BUCKET && firstRank[bucket + 1]! <= rank) bucket++;
    return bucket;
  });
  const wantedBuckets = [...new Set(bucketOfRank)];
  const gatherOffset = new Int32Array(BUCKET_COUNT).fill(-1);
  let gatheredLength = 0;
  for (const bucket of wantedBuckets) {
    gatherOffset[bucket] = gatheredLength;
    gatheredLength += counts[bucket]!;
  }
  const gathered = new Float64Array(gatheredLength);
  gatherBuckets(values, min, scale, gatherOffset, gathered);
  for (const bucket of wantedBuckets) {
    const offset = gatherOffset[bucket]!;
    gathered.subarray(offset, offset + counts[bucket]!).sort();
  }
  const orderStatistic = (index: number): number => {
    const bucket = bucketOfRank[index]!;
    return gathered[gatherOffset[bucket]! + ranks[index]! - firstRank[bucket]!]!;
  };
  return probabilities.map((p, index) => {
    const position = (n - 1) * p;
    const low = orderStatistic(2 * index);
    return low + (orderStatistic(2 * index + 1) - low) * (position - Math.floor(position));
  });
}
