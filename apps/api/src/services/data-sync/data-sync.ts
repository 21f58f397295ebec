import { withAdvisoryLock } from '@fm/db';
import type { CoreDeps } from '../../core-deps.js';
import type { LeagueClients } from '../leagues/clients.js';
import { SleeperSeasonFeed } from '../../integrations/sleeper/season-feed.js';
import { callingUpstreamForTheProduct } from '../../integrations/upstream-caller.js';
import { runSleeperSync, type SyncRunSummary } from './run-sleeper-sync.js';
import { readSyncRecord } from '../sync-record/sync-record.js';

const MINUTE_MS = 60_000;
/** A run marked as under way for longer than this was cut off (process killed): it is not shown as running. */
export const STALE_RUN_MS = 30 * MINUTE_MS;

export interface DataSync {
  /** Starts a run in the background unless one is under way here or in another process. */
  runNow(): Promise<{ isStarted: boolean; message: string }>;
  /** The run under way in this process, if any (tests await it). */
  current(): Promise<SyncRunSummary | null> | null;
  /** A run at start (once `after` settles: the first-start NFL import), then every DATA_SYNC_MINUTES. */
  start(after?: Promise<unknown>): void;
  /** Stops the timer and the run under way (after the week being written). */
  stop(): Promise<void>;
}

export const SYNC_LOCK_NAME = 'data-sync';

/**
 * Keeps the current season's data: one run at start and one every `DATA_SYNC_MINUTES` (0 = none;
 * "Sync now" still works), never blocking start-up or a request. With several API processes on one
 * database, one runs at a time and a process skips its timed run when another ran recently.
 */
export function createDataSync(
  deps: CoreDeps & { leagues: Pick<LeagueClients, 'sleeperBudget' | 'sleeper' | 'espn'> },
): DataSync {
  const feed = new SleeperSeasonFeed({
    baseUrl: deps.config.sleeperApiUrl,
    budget: deps.leagues.sleeperBudget,
  });
  const intervalMs = deps.config.dataSyncMinutes * MINUTE_MS;
  const log = deps.log.child({ task: 'data-sync' });
  let controller = new AbortController();
  let running: Promise<SyncRunSummary | null> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;

  const launch = (reason: string): Promise<SyncRunSummary | null> => {
    if (running) return running;
    running = (async () => {
      // one process at a time: another holding the lock is already syncing, so this run is skipped
      const outcome = await withAdvisoryLock(deps.database, SYNC_LOCK_NAME, () =>
        // the product's own calls, also when an admin's "Sync now" started them: no one person's share
        callingUpstreamForTheProduct(() => runSleeperSync(deps, feed, { signal: controller.signal })),
      );
      if (!outcome.acquired) {
        log.info({ reason }, 'another process is syncing; this run is skipped');
        return null;
      }
      return outcome.value;
    })()
      .catch((error: unknown) => {
        log.error({ err: error }, 'data sync could not run');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const isRecentlyAttempted = async () => {
    const record = await readSyncRecord(deps.database);
    const last = record.lastAttemptAt ? Date.parse(record.lastAttemptAt) : 0;
    return Date.now() - last < intervalMs / 2;
  };

  const schedule = () => {
    if (isStopped || intervalMs === 0) return;
    timer = setTimeout(async () => {
      try {
        if (!(await isRecentlyAttempted())) await launch('schedule');
      } catch (error) {
        log.warn({ err: error }, 'could not read the sync record; trying again at the next interval');
      }
      schedule();
    }, intervalMs);
    timer.unref();
  };

  return {
    async runNow() {
      if (running) return { isStarted: false, message: 'A sync is already running.' };
      const record = await readSyncRecord(deps.database);
      const startedAt = record.running ? Date.parse(record.running.startedAt) : 0;
      if (record.running && Date.now() - startedAt < STALE_RUN_MS) {
        return { isStarted: false, message: 'A sync is already running.' };
      }
      void launch('admin');
      return { isStarted: true, message: 'Sync started.' };
    },
    current: () => running,
    start(after = Promise.resolve()) {
      if (intervalMs === 0) return;
      const launchAtStart = () => {
        if (!isStopped) void launch('start');
      };
      void after.then(launchAtStart, launchAtStart);
      schedule();
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      controller.abort();
      await running;
      controller = new AbortController();
    },
  };
}
