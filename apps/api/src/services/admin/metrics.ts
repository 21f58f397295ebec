import { executeRows, simulations, users } from '@fm/db';
import { count, min, sql, type AnyColumn } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { validationError } from '../../errors.js';

/** Chart presets: 7, 30 and 90 days; 30 by default. */
export const DEFAULT_CHART_DAYS = 30;
export const MAX_CHART_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface AdminMetrics {
  totalUsers: number;
  totalSimulations: number;
  /** Simulations per day since the first one (today counts as a day). */
  avgSimulationsPerDay: number;
}

export interface ChartRow {
  date: string;
  newUsers: number;
  simulations: number;
  activeUsers: number;
}

export type ChartRange = { days: number } | { startDate: string; endDate: string };

const dayKey = (date: Date) => date.toISOString().slice(0, 10);
const startOfUtcDay = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/** `GET /admin/metrics`: totals from the real tables. */
export async function getAdminMetrics(
  deps: Pick<AppDeps, 'database' | 'simulationRecords'>,
  now = new Date(),
): Promise<AdminMetrics> {
  const { db } = deps.database;
  await deps.simulationRecords.flush();
  const [[userRow], [simulationRow]] = await Promise.all([
    db.select({ total: count() }).from(users),
    db.select({ total: count(), first: min(simulations.createdAt) }).from(simulations),
  ]);
  const totalSimulations = Number(simulationRow?.total ?? 0);
  const first = simulationRow?.first ? new Date(simulationRow.first) : undefined;
  const days = first
    ? Math.max(1, Math.floor((startOfUtcDay(now).getTime() - startOfUtcDay(first).getTime()) / DAY_MS) + 1)
    : 1;
  return {
    totalUsers: Number(userRow?.total ?? 0),
    totalSimulations,
    avgSimulationsPerDay: Math.round((totalSimulations / days) * 100) / 100,
  };
}

/** The UTC days a range covers: the last `days` days up to today, or startDate..endDate inclusive. */
export function resolveChartDays(
  range: ChartRange,
  now = new Date(),
): { since: Date; until: Date; days: string[] } {
  let since: Date;
  let until: Date;
  if ('days' in range) {
    if (!Number.isInteger(range.days) || range.days < 1 || range.days > MAX_CHART_DAYS) {
      throw validationError(`days: must be a whole number from 1 to ${MAX_CHART_DAYS}`, 'days');
    }
    until = new Date(startOfUtcDay(now).getTime() + DAY_MS);
    since = new Date(until.getTime() - range.days * DAY_MS);
  } else {
    for (const field of ['startDate', 'endDate'] as const) {
      const value = range[field];
      if (!ISO_DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
        throw validationError(`${field}: must be a date like 2025-09-01`, field);
      }
    }
    since = new Date(`${range.startDate}T00:00:00Z`);
    until = new Date(Date.parse(`${range.endDate}T00:00:00Z`) + DAY_MS);
    if (until <= since) throw validationError('endDate: must not be before startDate', 'endDate');
    if (until.getTime() - since.getTime() > MAX_CHART_DAYS * DAY_MS) {
      throw validationError(`endDate: a range may cover at most ${MAX_CHART_DAYS} days`, 'endDate');
    }
  }
  const days: string[] = [];
  for (let t = since.getTime(); t < until.getTime(); t += DAY_MS) days.push(dayKey(new Date(t)));
  return { since, until, days };
}

async function countPerDay(
  deps: Pick<AppDeps, 'database'>,
  table: typeof users | typeof simulations,
  column: AnyColumn,
  since: Date,
  until: Date,
) {
  const rows = await executeRows<{ day: string; total: string | number }>(
    deps.database.db,
    sql`select to_char(${column} at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as total
        from ${table}
        where ${column} >= ${since.toISOString()}::timestamptz and ${column} < ${until.toISOString()}::timestamptz
        group by 1`,
  );
  return new Map(rows.map((row) => [row.day, Number(row.total)]));
}

/**
 * Daily active users: anyone with a recorded event that day (logins, page views, league links,
 * simulations), plus anyone whose latest activity or login fell on that day.
 */
async function activeUsersPerDay(deps: Pick<AppDeps, 'database' | 'monitoring'>, since: Date, until: Date) {
  await deps.monitoring.flush();
  const byDay = new Map<string, Set<string>>();
  const add = (day: string, userId: string) => {
    const set = byDay.get(day) ?? new Set<string>();
    set.add(userId);
    byDay.set(day, set);
  };
  for (const { day, userIds } of await deps.monitoring.eventStore.activeUsersByDay({ since, until })) {
    for (const userId of userIds) add(day, userId);
  }
  const rows = await executeRows<{ id: string; day: string }>(
    deps.database.db,
    sql`select id, to_char(activity at time zone 'UTC', 'YYYY-MM-DD') as day
        from ${users}, lateral (values (${users.lastActiveAt}), (${users.lastLoginAt})) as a(activity)
        where activity >= ${since.toISOString()}::timestamptz and activity < ${until.toISOString()}::timestamptz`,
  );
  for (const row of rows) add(row.day, row.id);
  return new Map([...byDay].map(([day, set]) => [day, set.size]));
}

/** `GET /admin/chart-data`: one zero-filled row per UTC day of the range. */
export async function getChartData(
  deps: Pick<AppDeps, 'database' | 'monitoring' | 'simulationRecords'>,
  range: ChartRange,
  now = new Date(),
): Promise<ChartRow[]> {
  const { since, until, days } = resolveChartDays(range, now);
  await deps.simulationRecords.flush();
  const [newUsers, simulationsRun, activeUsers] = await Promise.all([
    countPerDay(deps, users, users.createdAt, since, until),
    countPerDay(deps, simulations, simulations.createdAt, since, until),
    activeUsersPerDay(deps, since, until),
  ]);
  return days.map((date) => ({
    date,
    newUsers: newUsers.get(date) ?? 0,
    simulations: simulationsRun.get(date) ?? 0,
    activeUsers: activeUsers.get(date) ?? 0,
  }));
}
