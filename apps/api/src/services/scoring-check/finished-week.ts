import { appState, withAdvisoryLock } from '@fm/db';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { callingUpstreamForTheProduct } from '../../integrations/upstream-caller.js';
import { reconcileWeek } from './reconcile-week.js';

/** One process at a time reconciles a finished week; the others leave it to that one. */
export const RECONCILIATION_LOCK_NAME = 'scoring-reconciliation';

export interface WeekRef {
  season: number;
  week: number;
}

export type FinishedWeekOutcome =
  /** Compared and stored now. */
  | 'reconciled'
  /** Compared and stored now, but nothing could be compared yet: a later trigger tries again. */
  | 'nothing-compared'
  /** Done before (by this process or another): nothing new. */
  | 'already-done'
  /** Another process is reconciling it right now. */
  | 'busy';

const doneKey = (week: WeekRef) => `scoring-reconciliation-done:${week.season}:${week.week}`;

/** Whether the week's automatic reconciliation is done. */
export async function isWeekReconciled(deps: Pick<AppDeps, 'database'>, week: WeekRef): Promise<boolean> {
  const [row] = await deps.database.db
    .select({ key: appState.key })
    .from(appState)
    .where(eq(appState.key, doneKey(week)))
    .limit(1);
  return row !== undefined;
}

/**
 * The reconciliation of a finished week, run once across all processes (an advisory lock, and a mark stored with
 * the outcome). A run that compared no player (the platform has not scored the players yet when the last game
 * ends) is not marked done unless the platform already calls the week complete, so a later trigger tries again.
 */
export async function reconcileFinishedWeekOnce(
  deps: AppDeps,
  week: WeekRef,
  options: { isPlatformComplete: boolean },
): Promise<FinishedWeekOutcome> {
  if (await isWeekReconciled(deps, week)) return 'already-done';
  const outcome = await withAdvisoryLock(deps.database, RECONCILIATION_LOCK_NAME, async () => {
    // another process may have finished it between the check above and the lock
    if (await isWeekReconciled(deps, week)) return 'already-done' as const;
    const result = await callingUpstreamForTheProduct(() => reconcileWeek(deps, week));
    if (result.players_compared === 0 && !options.isPlatformComplete) return 'nothing-compared' as const;
    await deps.database.db
      .insert(appState)
      .values({ key: doneKey(week), value: { checked_at: result.checked_at } })
      .onConflictDoNothing();
    return 'reconciled' as const;
  });
  return outcome.acquired ? outcome.value : 'busy';
}
