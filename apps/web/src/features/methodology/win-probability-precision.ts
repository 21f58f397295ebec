import { DEFAULT_ITERATIONS } from '@fm/engine';

/**
 * Standard error of a simulated probability, in percentage points: √(p(1−p)/N) × 100
 * (the binomial proportion's standard error). Largest at p = 0.5.
 */
export function winProbabilityStandardError(
  probability: number,
  iterations: number = DEFAULT_ITERATIONS,
): number {
  return 100 * Math.sqrt((probability * (1 - probability)) / iterations);
}
