export type EngineErrorCode = 'INVALID_ITERATIONS' | 'INVALID_INPUT';

/**
 * Bad input to a simulation (out-of-range iteration count, malformed schedule…). A RangeError so callers can
 * treat it as a client error: the API maps it to 400 VALIDATION_ERROR naming `field`.
 */
export class EngineInputError extends RangeError {
  readonly code: EngineErrorCode;
  readonly field: string;

  constructor(code: EngineErrorCode, field: string, message: string) {
    super(message);
    this.name = 'EngineInputError';
    this.code = code;
    this.field = field;
  }
}

export const DEFAULT_ITERATIONS = 10_000;
export const MIN_ITERATIONS = 1_000;
export const MAX_ITERATIONS = 1_000_000;

/** The iteration count to run, or an EngineInputError when it is not an integer within [min, max]. */
export function validateIterations(
  iterations: number | undefined,
  max = MAX_ITERATIONS,
  field = 'iterations',
): number {
  if (iterations === undefined) return DEFAULT_ITERATIONS;
  if (!Number.isInteger(iterations) || iterations < MIN_ITERATIONS || iterations > max) {
    throw new EngineInputError(
      'INVALID_ITERATIONS',
      field,
      `${field} must be a whole number from ${MIN_ITERATIONS.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, got ${iterations}`,
    );
  }
  return iterations;
}
