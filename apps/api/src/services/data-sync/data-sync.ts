import { withAdvisoryLock } from '@fm/db';
import type { CoreDeps } from '../../core-deps.js';
import type { LeagueClients } from '../leagues/clients.js';
import { SleeperSeasonFeed } from '../../integrations/sleeper/season-feed.js';
import { callingUpstreamForTheProduct } from '../../integrations/upstream-caller.js';
import { runSleeperSync, weekKickoffs, type SyncRunSummary } from './run-sleeper-sync.js';
import { readSyncRecord } from '../sync-record/sync-record.js';
import { GAME_DAY_DIRECTORY_MS, isGameDayWindow } from './directory-cadence.js';
import { FIRST_RETRY_MS, retryDelayMs } from './retry-delay.js';

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
  deps: CoreDeps & {
    leagues: Pick<LeagueClients, 'sleeperBudget' | 'sleeper' | 'espn'>;
    /**
     * Runs after a run that changed players (injury statuses): where notifications about them are decided. Its
     * failure is logged; the sync's data stays written.
     */
    afterPlayersChanged?: (summary: SyncRunSummary) => Promise<void>;
  },
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
  /** Runs of this process that failed since its last success (also those that could not record their failure). */
  let failedRunsInARow = 0;

  const launch = (reason: string): Promise<SyncRunSummary | null> => {
    if (running) return running;
    running = (async () => {
      // one process at a time: another holding the lock is already syncing, so this run is skipped
      const outcome = await withAdvisoryLock(deps.database, SYNC_LOCK_NAME, () =>
        // the product's own calls, also when an admin's "Sync now" started them: no one person's share
        callingUpstreamForTheProduct(() =>
          runSleeperSync(deps, feed, { signal: controller.signal, isDirectoryForced: reason === 'admin' }),
        ),
      );
      if (!outcome.acquired) {
        log.info({ reason }, 'another process is syncing; this run is skipped');
        return null;
      }
      const summary = outcome.value;
      failedRunsInARow = summary.isSuccess ? 0 : failedRunsInARow + 1;
      const playersChanged = summary.changed.players.created + summary.changed.players.updated;
      if (playersChanged > 0 && deps.afterPlayersChanged) {
        await deps
          .afterPlayersChanged(summary)
          .catch((error: unknown) =>
            log.error({ err: error }, 'notifications about changed players could not be decided'),
          );
      }
      return summary;
    })()
      .catch((error: unknown) => {
        failedRunsInARow++;
        log.error({ err: error }, 'data sync could not run');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  /** DATA_SYNC_MINUTES, or 15 minutes from a game day's morning to its last kickoff (fresh injury statuses). */
  const currentIntervalMs = async () => {
    const record = await readSyncRecord(deps.database);
    const week = record.nflWeek;
    if (!week || week.seasonType !== 'regular') return intervalMs;
    const kickoffs = await weekKickoffs(deps, week);
    return isGameDayWindow(new Date(), kickoffs) ? Math.min(intervalMs, GAME_DAY_DIRECTORY_MS) : intervalMs;
  };

  const isRecentlyAttempted = async (interval: number) => {
    const record = await readSyncRecord(deps.database);
    const last = record.lastAttemptAt ? Date.parse(record.lastAttemptAt) : 0;
    return Date.now() - last < interval / 2;
  };

  /** The regular interval, or sooner when this process's last run failed. */
  const nextDelayMs = async () => {
    const interval = await currentIntervalMs();
    return failedRunsInARow > 0 ? retryDelayMs(failedRunsInARow, interval) : interval;
  };

  const schedule = (delayMs = intervalMs) => {
    if (isStopped || intervalMs === 0) return;
    timer = setTimeout(async () => {
      let next = Math.min(FIRST_RETRY_MS, intervalMs);
      try {
        if (!(await isRecentlyAttempted(await nextDelayMs()))) await launch('schedule');
        next = await nextDelayMs();
      } catch (error) {
        log.warn({ err: error }, 'could not read the sync record; trying again in a minute');
      }
      schedule(next);
    }, delayMs);
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
      // the first timed run follows the run at start: soon when that one failed, else after the interval
      const launchAtStart = async () => {
        if (isStopped) return;
        await launch('start');
        schedule(await nextDelayMs().catch(() => Math.min(FIRST_RETRY_MS, intervalMs)));
      };
      void after.then(launchAtStart, launchAtStart);
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
