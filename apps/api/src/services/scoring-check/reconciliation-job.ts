import type { ScoringReconciliation, ScoringReconciliationRun } from '@fm/contract';
import { appState, type Database, withAdvisoryLock } from '@fm/db';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { callingUpstreamForTheProduct } from '../../integrations/upstream-caller.js';
import { leagueWeekViewers } from '../leagues/week-viewers.js';
import { MAX_LEAGUES, type ReconciliationProgress } from './reconcile-week.js';

/** One reconciliation at a time across all processes. */
export const RECONCILIATION_LOCK_NAME = 'scoring-reconciliation';
/** Where the run under way (or the last one) is kept (app_state), for System Health. */
export const RECONCILIATION_RUN_KEY = 'scoring-reconciliation-run';
/**
 * A finished week whose last run left a league uncompared (not read, or not closed by its platform yet) is run
 * again by itself after this long: often enough to catch the platform closing the week, rarely enough that a league
 * that cannot be read is not asked every tick.
 */
export const RETRY_AFTER_MS = 30 * 60_000;

export interface WeekRef {
  season: number;
  week: number;
}

export type FinishedWeekOutcome =
  /** Compared and stored now (`players_compared` may be 0: a later run tries again). */
  | 'reconciled'
  /** Done before (by this process or another) for every league opened that week: nothing new. */
  | 'already-done'
  /** A run is under way (here or in another process). */
  | 'busy';

export interface StartAnswer {
  isStarted: boolean;
  message: string;
}

export interface ReconciliationJob {
  /**
   * Starts a run of `week` in the background and answers once it holds the lock (or could not take it): the
   * caller (an admin's request) never waits for the platforms. Its progress and end are on System Health.
   */
  start(week: WeekRef): Promise<StartAnswer>;
  /**
   * After a finished week (the live sync's tick, itself background work): runs it unless a run already compared
   * every league opened that week; a league opened (linked) since, or a league left uncompared RETRY_AFTER_MS
   * ago, runs it again.
   */
  runFinishedWeek(week: WeekRef): Promise<FinishedWeekOutcome>;
  /** Resolves when the run this process holds (if any) has ended. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** What a week's last run compared: the leagues it saw, and whether every one of them was compared. */
interface WeekMark {
  checked_at: string;
  leagues: string[];
  is_complete: boolean;
}

const markKey = (week: WeekRef) => `scoring-reconciliation-week:${week.season}:${week.week}`;
const leagueKey = (league: { platform: string; leagueId: string }) => `${league.platform}:${league.leagueId}`;

async function writeState(database: Database, key: string, value: unknown) {
  const now = new Date();
  await database.db
    .insert(appState)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: now } });
}

async function readState<T>(database: Database, key: string): Promise<T | null> {
  const [row] = await database.db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, key))
    .limit(1);
  return (row?.value as T | undefined) ?? null;
}

/** The run under way, or the last one; null before the first. */
export function readReconciliationRun(deps: {
  database: Database;
}): Promise<ScoringReconciliationRun | null> {
  return readState<ScoringReconciliationRun>(deps.database, RECONCILIATION_RUN_KEY);
}

/**
 * The scoring reconciliation as a background job: one run at a time across processes (an advisory lock), its
 * progress stored as it reads each league, its upstream calls the product's own (never charged to the admin who
 * started it). `reconcile` is reconcileWeek with the app's dependencies.
 */
export function createReconciliationJob(options: {
  database: Database;
  log: FastifyBaseLogger;
  reconcile: (week: WeekRef, onProgress: ReconciliationProgress) => Promise<ScoringReconciliation>;
  now?: () => Date;
}): ReconciliationJob {
  const { database, reconcile } = options;
  const log = options.log.child({ task: 'scoring-reconciliation' });
  const now = options.now ?? (() => new Date());
  let running: Promise<unknown> | null = null;

  /** Whether the week needs a run: never run, a league opened since that the last run did not see, or a retry. */
  const isDue = async (week: WeekRef) => {
    const mark = await readState<WeekMark>(database, markKey(week));
    if (!mark) return true;
    const seen = new Set(mark.leagues);
    const opened = await leagueWeekViewers({ database }, week, { max: MAX_LEAGUES });
    if (opened.some((league) => !seen.has(leagueKey(league)))) return true;
    return !mark.is_complete && now().getTime() - Date.parse(mark.checked_at) >= RETRY_AFTER_MS;
  };

  /** The run itself, inside the lock: progress, outcome, and the week's mark; `onStarted` once it shows running. */
  const runHeld = async (
    week: WeekRef,
    trigger: ScoringReconciliationRun['trigger'],
    onStarted: () => void,
  ) => {
    const opened = await leagueWeekViewers({ database }, week, { max: MAX_LEAGUES });
    let run: ScoringReconciliationRun = {
      state: 'running',
      ...week,
      trigger,
      started_at: now().toISOString(),
      finished_at: null,
      leagues_total: opened.length,
      leagues_read: 0,
      error: null,
    };
    await writeState(database, RECONCILIATION_RUN_KEY, run);
    onStarted();
    try {
      const outcome = await callingUpstreamForTheProduct(() =>
        reconcile(week, async (progress) => {
          run = { ...run, ...progress };
          await writeState(database, RECONCILIATION_RUN_KEY, run);
        }),
      );
      const mark: WeekMark = {
        checked_at: outcome.checked_at,
        leagues: opened.map(leagueKey),
        is_complete: outcome.players_compared > 0 && outcome.skipped.length === 0,
      };
      await writeState(database, markKey(week), mark);
      await writeState(database, RECONCILIATION_RUN_KEY, {
        ...run,
        state: 'done',
        finished_at: now().toISOString(),
      });
      log.info({ ...week, trigger, compared: outcome.players_compared }, 'scoring reconciliation done');
      return outcome;
    } catch (error) {
      log.warn({ err: error, ...week }, 'scoring reconciliation failed');
      await writeState(database, RECONCILIATION_RUN_KEY, {
        ...run,
        state: 'failed',
        finished_at: now().toISOString(),
        error: 'The run stopped on an unexpected error (see the server log); it is tried again later.',
      });
      throw error;
    }
  };

  /** Takes the lock and runs; `onHeld` learns at once whether the lock was taken. */
  const runLocked = (
    week: WeekRef,
    trigger: ScoringReconciliationRun['trigger'],
    onHeld: (isHeld: boolean) => void,
    isRecheckedInLock: boolean,
  ): Promise<FinishedWeekOutcome> => {
    const work = withAdvisoryLock(database, RECONCILIATION_LOCK_NAME, async () => {
      // another process may have done it between the caller's check and the lock
      if (isRecheckedInLock && !(await isDue(week))) {
        onHeld(true);
        return 'already-done' as const;
      }
      await runHeld(week, trigger, () => onHeld(true));
      return 'reconciled' as const;
    })
      .then((outcome) => (outcome.acquired ? outcome.value : 'busy'))
      .finally(() => onHeld(false));
    running = work.catch(() => undefined).finally(() => (running = null));
    return work;
  };

  return {
    async start(week) {
      if (running) {
        return {
          isStarted: false,
          message: 'A reconciliation is already running; its progress is on System Health.',
        };
      }
      const held = new Promise<boolean>((resolve) => {
        // its failure is recorded on System Health and in the log
        runLocked(week, 'admin', resolve, false).catch(() => undefined);
      });
      return (await held)
        ? {
            isStarted: true,
            message: `Checking ${week.season} week ${week.week}; its progress is on System Health.`,
          }
        : {
            isStarted: false,
            message:
              'A reconciliation is already running on another server; its progress is on System Health.',
          };
    },
    async runFinishedWeek(week) {
      if (running) return 'busy';
      if (!(await isDue(week))) return 'already-done';
      return runLocked(week, 'automatic', () => {}, true);
    },
    async settled() {
      await running;
    },
    async stop() {
      await running;
    },
  };
}
