/**
 * Node (the server) and Chromium run different V8 versions whose Math.exp, Math.log and Math.pow
 * differ in the last bit for some inputs, so results that pass through them (means, quantiles,
 * probabilities from distribution functions) can differ by an ulp or two. Everything else — the
 * random draws, counts, wins, ties — is bit-identical. Two results are "the same numbers" when
 * every integer matches exactly and every other number to RELATIVE_TOLERANCE.
 */
export const RELATIVE_TOLERANCE = 1e-9;

export interface NumberComparison {
  /** Paths of numbers outside the tolerance (or integers that differ, or shapes that differ). */
  mismatches: string[];
  /** Numbers that matched to the last bit, and all numbers compared. */
  identical: number;
  compared: number;
}

export function compareNumbers(
  actual: unknown,
  expected: unknown,
  at = '$',
  into?: NumberComparison,
): NumberComparison {
  const result = into ?? { mismatches: [], identical: 0, compared: 0 };
  if (typeof actual === 'number' && typeof expected === 'number') {
    result.compared++;
    if (Object.is(actual, expected)) result.identical++;
    else if (Number.isInteger(expected) && Number.isInteger(actual))
      result.mismatches.push(`${at}: ${actual} ≠ ${expected}`);
    else if (Math.abs(actual - expected) > RELATIVE_TOLERANCE * Math.max(1, Math.abs(expected)))
      result.mismatches.push(`${at}: ${actual} vs ${expected}`);
  } else if (Array.isArray(actual) && Array.isArray(expected)) {
    if (actual.length !== expected.length)
      result.mismatches.push(`${at}: length ${actual.length} ≠ ${expected.length}`);
    else actual.forEach((value, i) => compareNumbers(value, expected[i], `${at}[${i}]`, result));
  } else if (actual && expected && typeof actual === 'object' && typeof expected === 'object') {
    const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
    for (const key of keys) {
      compareNumbers(
        (actual as Record<string, unknown>)[key],
        (expected as Record<string, unknown>)[key],
        `${at}.${key}`,
        result,
      );
    }
  } else if (!Object.is(actual, expected)) {
    result.mismatches.push(`${at}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
  }
  return result;
}
