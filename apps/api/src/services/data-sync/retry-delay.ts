const MINUTE_MS = 60_000;
/** The wait before the first retry of a failed sync run. */
export const FIRST_RETRY_MS = MINUTE_MS;

/**
 * When the next sync run starts after one that failed: 1, 2, 4 … minutes after it (one more doubling per failure in
 * a row), never later than the regular interval. A database that was unreachable for a moment or an upstream's
 * passing error would otherwise leave the season's data stale for a whole interval (an hour by default).
 */
export function retryDelayMs(consecutiveFailures: number, intervalMs: number): number {
  const doublings = Math.min(Math.max(consecutiveFailures, 1) - 1, 16);
  return Math.min(intervalMs, FIRST_RETRY_MS * 2 ** doublings);
}
