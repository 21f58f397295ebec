import { executeRows, players, projections, sessions, users } from '@fm/db';
import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { IMPORT_SOURCE } from '../projections/projection-sources.js';

/** Analytics cleanup 1–365 days (default 90); archival after 180 days of inactivity. */
export const MIN_CLEANUP_DAYS = 1;
export const MAX_CLEANUP_DAYS = 365;
export const DEFAULT_CLEANUP_DAYS = 90;
export const DEFAULT_INACTIVE_DAYS = 180;
export const MIN_INACTIVE_DAYS = 1;
export const MAX_INACTIVE_DAYS = 3650;
/** A dry run names at most this many of the accounts it would archive. */
const ARCHIVE_SAMPLE_SIZE = 20;
/** Accounts updated per statement (keeps the parameter list small). */
const ARCHIVE_CHUNK_SIZE = 1_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `GET /admin/data-management/import-stats`. */
export async function getImportStats(deps: Pick<AppDeps, 'database'>) {
  const { db } = deps.database;
  const [[totals], bySource, [latest], [playerTotals]] = await Promise.all([
    db.select({ total: count() }).from(projections),
    db.select({ source: projections.source, total: count() }).from(projections).groupBy(projections.source),
    db
      .select({ season: projections.season, week: projections.week, importedAt: projections.updatedAt })
      .from(projections)
      .where(eq(projections.source, IMPORT_SOURCE))
      .orderBy(desc(projections.updatedAt), desc(projections.season), desc(projections.week))
      .limit(1),
    db.select({ total: count() }).from(players),
  ]);
  return {
    totalProjections: Number(totals?.total ?? 0),
    importedProjections: Number(bySource.find((row) => row.source === IMPORT_SOURCE)?.total ?? 0),
    projectionsBySource: Object.fromEntries(bySource.map((row) => [row.source, Number(row.total)])),
    totalPlayers: Number(playerTotals?.total ?? 0),
    latestImport: latest
      ? { season: latest.season, week: latest.week, importedAt: latest.importedAt.toISOString() }
      : null,
  };
}

/** Deletes analytics events older than `olderThanDays` days (of the given types only, when given). */
export async function cleanupAnalytics(
  deps: Pick<AppDeps, 'monitoring'>,
  input: { olderThanDays: number; eventTypes?: string[] | undefined },
  now = new Date(),
): Promise<{ deletedCount: number; olderThan: string }> {
  await deps.monitoring.flush();
  const before = new Date(now.getTime() - input.olderThanDays * DAY_MS);
  const types = input.eventTypes?.filter((type) => type.trim() !== '');
  const deletedCount = await deps.monitoring.eventStore.deleteEvents({
    before,
    types: types?.length ? types : undefined,
  });
  return { deletedCount, olderThan: before.toISOString() };
}

/** Non-admin, not yet archived accounts with no activity (or login, or sign-up) since `cutoff`. */
async function inactiveUsers(deps: Pick<AppDeps, 'database'>, cutoff: Date) {
  const lastSeen = sql`coalesce(greatest(${users.lastActiveAt}, ${users.lastLoginAt}), ${users.createdAt})`;
  return executeRows<{ id: string; email: string }>(
    deps.database.db,
    sql`select ${users.id} as id, ${users.email} as email from ${users}
        where ${and(ne(users.role, 'admin'), isNull(users.archivedAt))} and ${lastSeen} < ${cutoff.toISOString()}::timestamptz
        order by ${lastSeen}`,
  );
}

/**
 * Archives accounts inactive for `inactiveDays` days: a dry run only counts them; a real run
 * disables them, marks them archived and ends their sessions. Admins are never archived.
 */
export async function archiveInactiveUsers(
  deps: Pick<AppDeps, 'database' | 'sessionCache'>,
  input: { inactiveDays: number; dryRun: boolean },
  now = new Date(),
) {
  const cutoff = new Date(now.getTime() - input.inactiveDays * DAY_MS);
  const candidates = await inactiveUsers(deps, cutoff);
  if (input.dryRun) {
    return {
      dryRun: true as const,
      wouldArchive: candidates.length,
      inactiveSince: cutoff.toISOString(),
      sample: candidates.slice(0, ARCHIVE_SAMPLE_SIZE).map((user) => user.email),
    };
  }
  const ids = candidates.map((user) => user.id);
  await deps.database.db.transaction(async (tx) => {
    for (let start = 0; start < ids.length; start += ARCHIVE_CHUNK_SIZE) {
      const chunk = ids.slice(start, start + ARCHIVE_CHUNK_SIZE);
      await tx
        .update(users)
        .set({ isDisabled: true, archivedAt: now, updatedAt: now })
        .where(inArray(users.id, chunk));
      await tx
        .update(sessions)
        .set({ revokedAt: now, revokedReason: 'account-disabled' })
        .where(and(inArray(sessions.userId, chunk), isNull(sessions.revokedAt)));
    }
  });
  await deps.sessionCache.forgetAll();
  return { dryRun: false as const, archivedCount: ids.length, inactiveSince: cutoff.toISOString() };
}
