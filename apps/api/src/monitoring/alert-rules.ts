import type { DatabaseTiming } from './database-monitor.js';
import {
  LOW_DISK_BYTES,
  LOW_DISK_PERCENT,
  MEMORY_WARNING_PERCENT,
  SLOW_DATABASE_MS,
} from './health-bands.js';
import type { RequestWindowSnapshot } from './request-metrics.js';
import type { DiskFigures } from './resources.js';

/** Rules look at the last few minutes, so one slow moment does not raise an alert. */
export const ALERT_WINDOW_MINUTES = 5;
/** Server errors (5xx) in the window that raise an alert, when they are also this share of requests. */
export const ERROR_ALERT_MIN_COUNT = 10;
export const ERROR_ALERT_MIN_PERCENT = 5;
/** p95 response time (ms) in the window that raises an alert, given enough requests to judge. */
export const LATENCY_ALERT_P95_MS = 2_000;
export const LATENCY_ALERT_MIN_REQUESTS = 20;
/** Failed logins in the window that look like password guessing. */
export const FAILED_LOGIN_ALERT_COUNT = 10;

export const ALERT_TYPES = [
  'high_error_rate',
  'high_response_time',
  'database_down',
  'database_slow',
  'event_store_down',
  'high_memory_usage',
  'low_disk_space',
  'failed_login_burst',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export interface AlertSignals {
  requests: RequestWindowSnapshot;
  postgres: DatabaseTiming;
  /** Present when the event store is MongoDB. */
  mongo?: DatabaseTiming | undefined;
  systemMemoryPercent: number;
  disk: DiskFigures | null;
  failedLogins: number;
}

export interface AlertCondition {
  type: AlertType;
  message: string;
}

const GIB = 1024 ** 3;

/** The alert conditions that hold right now. */
export function evaluateAlertRules(signals: AlertSignals): AlertCondition[] {
  const conditions: AlertCondition[] = [];
  const { requests, postgres, mongo, disk } = signals;
  const window = `in the last ${ALERT_WINDOW_MINUTES} minutes`;

  if (
    requests.serverErrors >= ERROR_ALERT_MIN_COUNT &&
    requests.serverErrorPercentage >= ERROR_ALERT_MIN_PERCENT
  ) {
    conditions.push({
      type: 'high_error_rate',
      message: `${requests.serverErrors} server errors ${window} (${requests.serverErrorPercentage}% of ${requests.requests} requests).`,
    });
  }
  if (requests.requests >= LATENCY_ALERT_MIN_REQUESTS && requests.p95Ms > LATENCY_ALERT_P95_MS) {
    conditions.push({
      type: 'high_response_time',
      message: `95% of requests took up to ${Math.round(requests.p95Ms)} ms ${window} (limit ${LATENCY_ALERT_P95_MS} ms).`,
    });
  }
  if (postgres.isSampled && !postgres.isUp) {
    conditions.push({
      type: 'database_down',
      message: `PostgreSQL is not answering: ${postgres.lastError ?? 'no answer'}.`,
    });
  } else if (postgres.averageLatencyMs !== null && postgres.averageLatencyMs > SLOW_DATABASE_MS) {
    conditions.push({
      type: 'database_slow',
      message: `PostgreSQL round trips average ${Math.round(postgres.averageLatencyMs)} ms (limit ${SLOW_DATABASE_MS} ms).`,
    });
  }
  if (mongo?.isSampled && !mongo.isUp) {
    conditions.push({
      type: 'event_store_down',
      message: `MongoDB is not answering: ${mongo.lastError ?? 'no answer'}.`,
    });
  }
  if (signals.systemMemoryPercent > MEMORY_WARNING_PERCENT) {
    conditions.push({
      type: 'high_memory_usage',
      message: `Memory usage is ${signals.systemMemoryPercent}% (limit ${MEMORY_WARNING_PERCENT}%).`,
    });
  }
  if (disk && (disk.usagePercentage > LOW_DISK_PERCENT || disk.available < LOW_DISK_BYTES)) {
    conditions.push({
      type: 'low_disk_space',
      message: `The data disk is ${disk.usagePercentage}% full, ${(disk.available / GIB).toFixed(1)} GB free.`,
    });
  }
  if (signals.failedLogins >= FAILED_LOGIN_ALERT_COUNT) {
    conditions.push({
      type: 'failed_login_burst',
      message: `${signals.failedLogins} failed logins ${window}.`,
    });
  }
  return conditions;
}
