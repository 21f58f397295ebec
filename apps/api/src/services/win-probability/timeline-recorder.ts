import { appState, withAdvisoryLock } from '@fm/db';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { callingUpstreamForTheProduct } from '../../integrations/upstream-caller.js';
import { readSyncRecord } from '../sync-record/sync-record.js';
import type { TimelineRecorder } from './timeline-recording.js';
import { recordFollowedLeagues } from './watched-leagues.js';

/** One process records at a time; the others wait their turn and then find the data version recorded. */
export const TIMELINE_LOCK_NAME = 'win-probability-timeline';
/** app_state: the last data version whose timeline points the followed leagues have. */
export const TIMELINE_VERSION_KEY = 'win_probability_timeline_version';

async function recordedVersion(deps: AppDeps): Promise<string | null> {
  const [row] = await deps.database.db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, TIMELINE_VERSION_KEY));
  return typeof row?.value === 'string' ? row.value : null;
}

async function markRecorded(deps: AppDeps, version: string): Promise<void> {
  await deps.database.db
    .insert(appState)
    .values({ key: TIMELINE_VERSION_KEY, value: version })
    .onConflictDoUpdate({ target: appState.key, set: { value: version, updatedAt: new Date() } });
}

/**
 * The win-probability timelines are recorded here, and only here, after every data change — the live sync's
 * stats, the hourly and the admin's sync, an import — whichever process made it: every process hears the change
 * (the data-change channel), one records a point per matchup of every league followed this NFL week, and the
 * others then find its data version recorded. A change arriving meanwhile is recorded right after.
 */
export function createTimelineRecorder(
  deps: AppDeps,
  channel: { onDataChange(listener: () => void): () => void },
): TimelineRecorder & { start(): void } {
  const log = deps.log.child({ task: 'win-probability-timeline' });
  const controller = new AbortController();
  let running: Promise<void> | null = null;
  let isAgainNeeded = false;
  let unsubscribe = () => {};

  const recordOnce = async () => {
    const week = (await readSyncRecord(deps.database)).nflWeek;
    if (!week || week.seasonType !== 'regular') return;
    await withAdvisoryLock(
      deps.database,
      TIMELINE_LOCK_NAME,
      async () => {
        const version = await deps.dataVersion.read();
        if ((await recordedVersion(deps)) === version) return;
        const leagues = await recordFollowedLeagues(deps, week, controller.signal);
        if (controller.signal.aborted) return;
        await markRecorded(deps, version);
        log.info({ version, leagues }, 'win-probability timelines recorded');
      },
      { wait: true, signal: controller.signal },
    );
  };

  const record = (): Promise<void> => {
    if (running) {
      isAgainNeeded = true;
      return running;
    }
    // the product's own calls, whichever request's data change set them off
    running = callingUpstreamForTheProduct(async () => {
      do {
        isAgainNeeded = false;
        try {
          await recordOnce();
        } catch (error) {
          if (controller.signal.aborted) return;
          log.warn(
            { err: error },
            'win-probability timelines not recorded; the next data change tries again',
          );
        }
      } while (isAgainNeeded && !controller.signal.aborted);
    }).finally(() => {
      running = null;
    });
    return running;
  };

  return {
    record,
    settled: async () => {
      while (running) await running;
    },
    start() {
      unsubscribe = channel.onDataChange(() => void record());
    },
    async stop() {
      unsubscribe();
      controller.abort();
      await running;
    },
  };
}
