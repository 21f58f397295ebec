import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.js';
import { executeRows } from '../rows.js';
import { analyticsEvents, errorEvents } from '../schema.js';
import {
  emptyCategoryCounts,
  isErrorCategory,
  type AnalyticsEvent,
  type ErrorCategory,
  type ErrorEvent,
  type EventQuery,
  type EventStore,
  type TimeRange,
} from './types.js';

/** Rows read per round trip while streaming an export. */
const STREAM_PAGE_SIZE = 1_000;

function eventConditions(query: EventQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.types && query.types.length > 0) conditions.push(inArray(analyticsEvents.type, query.types));
  if (query.since) conditions.push(gte(analyticsEvents.createdAt, query.since));
  if (query.until) conditions.push(lt(analyticsEvents.createdAt, query.until));
  return conditions;
}

function errorConditions(range: TimeRange): SQL[] {
  const conditions: SQL[] = [];
  if (range.since) conditions.push(gte(errorEvents.createdAt, range.since));
  if (range.until) conditions.push(lt(errorEvents.createdAt, range.until));
  return conditions;
}

/** Runs a DELETE and counts its rows on the server, without shipping the deleted ids back. */
async function countDeleted(db: Db, deletion: SQL): Promise<number> {
  const [row] = await executeRows<{ deleted: string | number }>(
    db,
    sql`with removed as (${deletion} returning 1) select count(*) as deleted from removed`,
  );
  return Number(row?.deleted ?? 0);
}

function toErrorEvent(row: typeof errorEvents.$inferSelect): ErrorEvent {
  return {
    id: String(row.id),
    category: isErrorCategory(row.category) ? row.category : 'SERVER_ERROR',
    statusCode: row.statusCode,
    message: row.message,
    endpoint: row.endpoint,
    method: row.method,
    createdAt: row.createdAt,
  };
}

/** The default store: the `analytics_events` and `error_events` tables of the app's database. */
export function createPostgresEventStore(db: Db): EventStore {
  return {
    kind: 'postgresql',

    async recordEvents(events) {
      if (events.length === 0) return;
      await db.insert(analyticsEvents).values(
        events.map((event) => ({
          type: event.type,
          userId: event.userId ?? null,
          payload: event.payload ?? null,
          ...(event.createdAt ? { createdAt: event.createdAt } : {}),
        })),
      );
    },

    async countEvents(query = {}) {
      const [row] = await db
        .select({ total: count() })
        .from(analyticsEvents)
        .where(and(...eventConditions(query)));
      return Number(row?.total ?? 0);
    },

    async activeUsersByDay(query) {
      const day = sql<string>`to_char(${analyticsEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
        .selectDistinct({ day, userId: analyticsEvents.userId })
        .from(analyticsEvents)
        .where(and(isNotNull(analyticsEvents.userId), ...eventConditions(query)))
        .orderBy(day);
      const byDay = new Map<string, string[]>();
      for (const row of rows) {
        if (!row.userId) continue;
        const users = byDay.get(row.day) ?? [];
        users.push(row.userId);
        byDay.set(row.day, users);
      }
      return [...byDay].map(([dayKey, userIds]) => ({ day: dayKey, userIds }));
    },

    async *streamEvents(query = {}) {
      let remaining = query.limit ?? Number.POSITIVE_INFINITY;
      let last: { id: number; createdAt: Date } | undefined;
      const isNewestFirst = query.newestFirst === true;
      // keyset pages in (created_at, id) order: events can be recorded with an earlier time than
      // rows already stored (buffered writes, imports), so the id alone is not the time order
      const after = (row: { id: number; createdAt: Date }) =>
        isNewestFirst
          ? sql`(${analyticsEvents.createdAt}, ${analyticsEvents.id}) < (${row.createdAt.toISOString()}::timestamptz, ${row.id})`
          : sql`(${analyticsEvents.createdAt}, ${analyticsEvents.id}) > (${row.createdAt.toISOString()}::timestamptz, ${row.id})`;
      const direction = isNewestFirst ? desc : asc;
      while (remaining > 0) {
        const rows = await db
          .select()
          .from(analyticsEvents)
          .where(and(...(last ? [after(last)] : []), ...eventConditions(query)))
          .orderBy(direction(analyticsEvents.createdAt), direction(analyticsEvents.id))
          .limit(Math.min(STREAM_PAGE_SIZE, remaining));
        for (const row of rows) {
          yield {
            id: String(row.id),
            type: row.type,
            userId: row.userId,
            payload: row.payload ?? null,
            createdAt: row.createdAt,
          } satisfies AnalyticsEvent;
        }
        if (rows.length < STREAM_PAGE_SIZE) return;
        remaining -= rows.length;
        last = rows[rows.length - 1]!;
      }
    },

    async deleteEvents({ before, types }) {
      const conditions = [lt(analyticsEvents.createdAt, before)];
      if (types && types.length > 0) conditions.push(inArray(analyticsEvents.type, types));
      return countDeleted(db, sql`delete from ${analyticsEvents} where ${and(...conditions)}`);
    },

    deleteUserEvents: (userId) =>
      countDeleted(db, sql`delete from ${analyticsEvents} where ${eq(analyticsEvents.userId, userId)}`),

    async recordErrors(errors) {
      if (errors.length === 0) return;
      await db.insert(errorEvents).values(
        errors.map((error) => ({
          category: error.category,
          statusCode: error.statusCode,
          message: error.message,
          endpoint: error.endpoint,
          method: error.method ?? null,
          ...(error.createdAt ? { createdAt: error.createdAt } : {}),
        })),
      );
    },

    async countErrors(range = {}) {
      const [row] = await db
        .select({ total: count() })
        .from(errorEvents)
        .where(and(...errorConditions(range)));
      return Number(row?.total ?? 0);
    },

    async countErrorsByCategory(range = {}) {
      const rows = await db
        .select({ category: errorEvents.category, total: count() })
        .from(errorEvents)
        .where(and(...errorConditions(range)))
        .groupBy(errorEvents.category);
      const counts = emptyCategoryCounts();
      for (const row of rows) if (isErrorCategory(row.category)) counts[row.category] += Number(row.total);
      return counts;
    },

    async errorTimeline({ since, bucketMs }) {
      const rows = await executeRows<{ bucket: string | number; category: string; total: string | number }>(
        db,
        sql`select floor(extract(epoch from ${errorEvents.createdAt}) * 1000 / ${bucketMs})::bigint as bucket,
                   ${errorEvents.category} as category, count(*) as total
            from ${errorEvents}
            where ${errorEvents.createdAt} >= ${since.toISOString()}::timestamptz
            group by 1, 2 order by 1, 2`,
      );
      return rows
        .filter((row) => isErrorCategory(row.category))
        .map((row) => ({
          bucketStart: new Date(Number(row.bucket) * bucketMs),
          category: row.category as ErrorCategory,
          count: Number(row.total),
        }));
    },

    async recentErrors(limit) {
      const rows = await db
        .select()
        .from(errorEvents)
        .orderBy(desc(errorEvents.createdAt), desc(errorEvents.id))
        .limit(limit);
      return rows.map(toErrorEvent);
    },

    async topErrors({ limit, ...range }) {
      const total = count();
      const rows = await db
        .select({
          message: errorEvents.message,
          endpoint: errorEvents.endpoint,
          total,
          lastOccurred: max(errorEvents.createdAt),
        })
        .from(errorEvents)
        .where(and(...errorConditions(range)))
        .groupBy(errorEvents.message, errorEvents.endpoint)
        .orderBy(desc(total), desc(max(errorEvents.createdAt)))
        .limit(limit);
      return rows.map((row) => ({
        message: row.message,
        endpoint: row.endpoint,
        count: Number(row.total),
        lastOccurred: new Date(row.lastOccurred ?? 0),
      }));
    },

    async deleteErrors({ before }) {
      return countDeleted(db, sql`delete from ${errorEvents} where ${lt(errorEvents.createdAt, before)}`);
    },

    async ping() {
      const started = performance.now();
      await db.select({ id: errorEvents.id }).from(errorEvents).where(eq(errorEvents.id, -1)).limit(1);
      return performance.now() - started;
    },

    // The tables live in the app's database, which its owner closes.
    async close() {},
  };
}
