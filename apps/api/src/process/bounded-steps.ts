import type { Logger } from 'pino';

/** Even past the deadline, each later step still gets this long (the database pool must get its chance to end). */
const LAST_CHANCE_MS = 500;

/**
 * Runs shutdown steps in order within about `totalMs`: a step stuck on an unreachable database or mail server is
 * logged and left behind when its share of the time is up, so closing ends in bounded time even then.
 */
export async function runBoundedSteps(
  steps: [label: string, run: () => Promise<unknown> | unknown][],
  { totalMs, log }: { totalMs: number; log: Pick<Logger, 'warn'> },
): Promise<void> {
  const deadline = performance.now() + totalMs;
  for (const [label, run] of steps) {
    const allowedMs = Math.max(LAST_CHANCE_MS, deadline - performance.now());
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timed-out'>((resolve) => {
      timer = setTimeout(() => resolve('timed-out'), allowedMs);
    });
    try {
      const outcome = await Promise.race([Promise.resolve().then(run), timedOut]);
      if (outcome === 'timed-out')
        log.warn({ step: label, ms: Math.round(allowedMs) }, 'shutdown step took too long; going on');
    } catch (error) {
      log.warn({ err: error, step: label }, 'shutdown step failed; going on');
    } finally {
      clearTimeout(timer);
    }
  }
}
