/** Iterations of one matchup simulation (the engine's default). */
export const SIMULATION_ITERATIONS = 10_000;

/**
 * Standard error of a simulated probability, in percentage points: √(p(1−p)/N) × 100
 * (the binomial proportion's standard error). Largest at p = 0.5.
 */
export function winProbabilityStandardError(
  probability: number,
  iterations: number = SIMULATION_ITERATIONS,
): number {
  return 100 * Math.sqrt((probability * (1 - probability)) / iterations);
}
