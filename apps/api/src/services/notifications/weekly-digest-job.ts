import { withAdvisoryLock } from '@fm/db';
import type { AppDeps } from '../../deps.js';
import { callingUpstreamForTheProduct } from '../../integrations/upstream-caller.js';
import { decideWeeklyDigests } from './decide-weekly-digests.js';

/** How often each process looks for people whose Tuesday morning has come (a time zone's hour is never missed). */
export const DIGEST_CHECK_MS = 15 * 60_000;
const DIGEST_LOCK_NAME = 'weekly-digests';

export interface WeeklyDigestJob {
  start(): void;
  /** One look now (tests); answers how many notifications were new, 0 when another process is looking. */
  runOnce(now?: Date): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The weekly digests' schedule, off every request: every DIGEST_CHECK_MS, one process at a time (an advisory lock),
 * the people whose Tuesday morning it is get their digest decided; each is recorded once whichever process decides.
 */
export function createWeeklyDigestJob(deps: AppDeps): WeeklyDigestJob {
  const log = deps.log.child({ task: 'weekly-digests' });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let isStopped = true;

  const runOnce = (now = new Date()): Promise<number> => {
    running ??= callingUpstreamForTheProduct(async () => {
      const locked = await withAdvisoryLock(deps.database, DIGEST_LOCK_NAME, () =>
        decideWeeklyDigests(deps, now),
      );
      return locked.acquired ? locked.value : 0;
    }).finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = () => {
    if (isStopped) return;
    timer = setTimeout(async () => {
      try {
        const recorded = await runOnce();
        if (recorded > 0) log.info({ recorded }, 'weekly digests decided');
      } catch (error) {
        log.warn({ err: error }, 'weekly digests could not be decided; the next look tries again');
      }
      schedule();
    }, DIGEST_CHECK_MS);
    timer.unref();
  };

  return {
    start() {
      if (!isStopped) return;
      isStopped = false;
      schedule();
    },
    runOnce,
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
