/** Bucket edges grow by this factor, so a percentile read from the histogram is within 5 % of the truth. */
const GROWTH = 1.1;
const SMALLEST_MS = 0.1;
const LARGEST_MS = 120_000;
export const BUCKET_COUNT = Math.ceil(Math.log(LARGEST_MS / SMALLEST_MS) / Math.log(GROWTH)) + 2;
const LOG_GROWTH = Math.log(GROWTH);

/** The bucket holding `ms`: 0 for anything under 0.1 ms, the last for anything past 120 s. */
export function bucketIndex(ms: number): number {
  if (!(ms > SMALLEST_MS)) return 0;
  const index = Math.floor(Math.log(ms / SMALLEST_MS) / LOG_GROWTH) + 1;
  return index >= BUCKET_COUNT ? BUCKET_COUNT - 1 : index;
}

/** A representative value of a bucket: the geometric middle of its edges. */
export function bucketValue(index: number): number {
  if (index === 0) return SMALLEST_MS / 2;
  return SMALLEST_MS * GROWTH ** (index - 1) * Math.sqrt(GROWTH);
}

/**
 * The q-quantile (0–1) of the counts in one or more histograms (added together);
 * 0 when they are empty.
 */
export function histogramQuantile(histograms: readonly Uint32Array[], q: number): number {
  let total = 0;
  for (const histogram of histograms) for (let i = 0; i < histogram.length; i++) total += histogram[i]!;
  if (total === 0) return 0;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let i = 0; i < BUCKET_COUNT; i++) {
    for (const histogram of histograms) seen += histogram[i]!;
    if (seen >= rank) return bucketValue(i);
  }
  return bucketValue(BUCKET_COUNT - 1);
}
