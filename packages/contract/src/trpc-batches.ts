/**
 * Calls one tRPC request may carry. The web app's busiest page batches a handful; one request must
 * not fan out into dozens of procedures (each may call Sleeper, ESPN or read a whole season) that
 * the per-request limits see as one. The server refuses a longer batch, and the client splits at it.
 */
export const MAX_CALLS_PER_BATCH = 10;

/**
 * Procedures that are never batched: session and account calls (`auth.*`) are throttled and
 * audited one request at a time, so a batch naming one is refused.
 */
export function isUnbatchableProcedure(path: string): boolean {
  return path.startsWith('auth.');
}
