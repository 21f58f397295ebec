import { ERROR_CATEGORIES, type ErrorCategory } from '@fm/db';
import type { AppDeps } from '../../deps.js';
import { formatDuration } from '@fm/contract';

/** The error view shows the last 10 errors and the 5 most frequent. */
export const RECENT_ERRORS_SHOWN = 10;
export const TOP_ERRORS_SHOWN = 5;
/** Totals and categories cover the last day; the trend line the last hour in 5-minute steps. */
const SUMMARY_WINDOW_MS = 24 * 60 * 60 * 1000;
const TREND_WINDOW_MS = 60 * 60 * 1000;
const TREND_BUCKET_MS = 5 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60_000;
/** Critical indicators: server or database errors in the last 5 minutes, failed sign-ins in the last hour. */
const RECENT_WINDOW_MS = 5 * MINUTE_MS;
const SERVER_ERRORS_CRITICAL = 10;
const AUTH_ERRORS_WARNING = 20;
const ERROR_RATE_HIGH_PER_MINUTE = 5;

export type Severity = 'critical' | 'high' | 'medium' | 'low';

export interface CriticalIndicator {
  type: string;
  severity: Severity;
  message: string;
}

const round = (value: number) => Math.round(value * 100) / 100;

function emptyByType(): Record<ErrorCategory, number> {
  return Object.fromEntries(ERROR_CATEGORIES.map((c) => [c, 0])) as Record<ErrorCategory, number>;
}

/** Buckets from `since` to `now` (epoch-aligned), each with its per-category counts, none missing. */
function fillBuckets(
  rows: Array<{ bucketStart: Date; category: ErrorCategory; count: number }>,
  since: number,
  now: number,
  bucketMs: number,
) {
  const buckets = new Map<number, Record<ErrorCategory, number>>();
  for (let start = Math.floor(since / bucketMs) * bucketMs; start <= now; start += bucketMs)
    buckets.set(start, emptyByType());
  for (const row of rows) {
    const byType = buckets.get(row.bucketStart.getTime());
    if (byType) byType[row.category] += row.count;
  }
  return [...buckets].map(([start, byType]) => ({
    start,
    byType,
    count: Object.values(byType).reduce((a, b) => a + b, 0),
  }));
}

/** `GET /admin/system/errors`: the error log summarized. */
export async function getErrorReport(deps: Pick<AppDeps, 'monitoring'>, now = new Date()) {
  const { eventStore } = deps.monitoring;
  await deps.monitoring.flush();
  const at = now.getTime();
  const daySince = new Date(at - SUMMARY_WINDOW_MS);
  const [
    totalErrors,
    errorsByCategory,
    lastHourErrors,
    trendRows,
    hourRows,
    recent,
    top,
    recentByCategory,
    hourByCategory,
  ] = await Promise.all([
    eventStore.countErrors({ since: daySince }),
    eventStore.countErrorsByCategory({ since: daySince }),
    eventStore.countErrors({ since: new Date(at - HOUR_MS) }),
    eventStore.errorTimeline({ since: new Date(at - TREND_WINDOW_MS), bucketMs: TREND_BUCKET_MS }),
    eventStore.errorTimeline({ since: daySince, bucketMs: HOUR_MS }),
    eventStore.recentErrors(RECENT_ERRORS_SHOWN),
    eventStore.topErrors({ since: daySince, limit: TOP_ERRORS_SHOWN }),
    eventStore.countErrorsByCategory({ since: new Date(at - RECENT_WINDOW_MS) }),
    eventStore.countErrorsByCategory({ since: new Date(at - HOUR_MS) }),
  ]);
  const overallErrorRate = round(lastHourErrors / (TREND_WINDOW_MS / MINUTE_MS));

  return {
    summary: {
      totalErrors,
      windowHours: SUMMARY_WINDOW_MS / HOUR_MS,
      overallErrorRate,
      lastHourErrors,
      uptimeFormatted: formatDuration(process.uptime()),
      /** Errors of this process left out of the log during floods (counted only). */
      unloggedErrors: deps.monitoring.unloggedErrors,
      errorsByCategory,
    },
    trends: fillBuckets(trendRows, at - TREND_WINDOW_MS, at, TREND_BUCKET_MS).map((bucket) => ({
      timestamp: new Date(bucket.start).toISOString(),
      count: bucket.count,
      byType: bucket.byType,
    })),
    errorFrequency: fillBuckets(hourRows, at - SUMMARY_WINDOW_MS + HOUR_MS, at, HOUR_MS).map((bucket) => ({
      label: `${String(new Date(bucket.start).getUTCHours()).padStart(2, '0')}:00`,
      timestamp: new Date(bucket.start).toISOString(),
      count: bucket.count,
    })),
    recentErrors: recent.map((error) => ({
      type: error.category,
      statusCode: error.statusCode,
      timestamp: error.createdAt.toISOString(),
      message: error.message,
      endpoint: error.endpoint,
    })),
    topErrors: top.map((error) => ({ ...error, lastOccurred: error.lastOccurred.toISOString() })),
    criticalIndicators: criticalIndicators(recentByCategory, hourByCategory, overallErrorRate),
  };
}

function criticalIndicators(
  lastMinutes: Record<ErrorCategory, number>,
  lastHour: Record<ErrorCategory, number>,
  errorRatePerMinute: number,
): CriticalIndicator[] {
  const indicators: CriticalIndicator[] = [];
  if (lastMinutes.DATABASE_ERROR > 0) {
    indicators.push({
      type: 'database_errors',
      severity: 'critical',
      message: `${lastMinutes.DATABASE_ERROR} database errors in the last 5 minutes.`,
    });
  }
  if (lastMinutes.SERVER_ERROR >= SERVER_ERRORS_CRITICAL) {
    indicators.push({
      type: 'server_errors',
      severity: 'critical',
      message: `${lastMinutes.SERVER_ERROR} server errors in the last 5 minutes.`,
    });
  } else if (lastMinutes.SERVER_ERROR > 0) {
    indicators.push({
      type: 'server_errors',
      severity: 'high',
      message: `${lastMinutes.SERVER_ERROR} server errors in the last 5 minutes.`,
    });
  }
  if (errorRatePerMinute >= ERROR_RATE_HIGH_PER_MINUTE) {
    indicators.push({
      type: 'error_rate',
      severity: 'high',
      message: `${errorRatePerMinute} errors per minute over the last hour.`,
    });
  }
  if (lastHour.AUTHENTICATION_ERROR >= AUTH_ERRORS_WARNING) {
    indicators.push({
      type: 'authentication_failures',
      severity: 'medium',
      message: `${lastHour.AUTHENTICATION_ERROR} authentication errors in the last hour.`,
    });
  }
  return indicators;
}
