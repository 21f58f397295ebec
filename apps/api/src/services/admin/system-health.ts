import type { AppDeps } from '../../deps.js';
import { cacheHitRate } from '../../integrations/cache.js';
import { heldCacheLookups } from './held-caches.js';
import {
  GOOD_CACHE_HIT_RATE,
  isCacheHitRateGood,
  MEMORY_WARNING_PERCENT,
  MIN_CACHE_LOOKUPS,
  responseTimeBand,
  SLOW_PERCENTAGE_WARNING,
  worstStatus,
  type HealthStatus,
} from '../../monitoring/health-bands.js';
import { readResources } from '../../monitoring/resources.js';
import { PROCESS_CRASH_EVENT } from '../../process/fatal-errors.js';
import { FAILURES_BEFORE_ALERT } from '../data-sync/run-sleeper-sync.js';
import { readSyncRecord, type SleeperSyncRecord } from '../sync-record/sync-record.js';
import { readDatabasesHealth, type DatabasesHealth } from './database-health.js';
import { readScoringReconciliation } from '../scoring-check/reconcile-week.js';
import { readReconciliationRun } from '../scoring-check/reconciliation-job.js';

/** Process crashes (uncaught errors that made an API process exit) are counted over this many hours. */
export const CRASH_WINDOW_HOURS = 24;

/** "Current" figures on the health page cover this many minutes. */
export const HEALTH_WINDOW_MINUTES = 5;
/** Server errors per minute at which the error component turns warning, and critical. */
const ERROR_RATE_WARNING_PER_MINUTE = 1;
const ERROR_RATE_CRITICAL_PER_MINUTE = 5;

export interface HealthWarning {
  type: string;
  message: string;
}

export interface PerformanceFigures {
  averageResponseTime: number;
  p95ResponseTime: number;
  responseTimeBand: ReturnType<typeof responseTimeBand>;
  totalQueries: number;
  queriesPerSecond: number;
  requestsPerMinute: number;
  errorsPerMinute: number;
  cacheHitRate: number;
  cacheLookups: number;
  slowQueries: number;
  slowQueryPercentage: number;
  totalRequestsSinceStart: number;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** What the performance figures are read from: request timing and the caches the server holds. */
type HealthDeps = Pick<AppDeps, 'monitoring' | 'leagues' | 'timelineWrites' | 'dataVersion'>;

function readPerformance(deps: HealthDeps): PerformanceFigures {
  const { requests } = deps.monitoring;
  const caches = heldCacheLookups(deps);
  const window = requests.snapshot(HEALTH_WINDOW_MINUTES);
  return {
    averageResponseTime: window.averageMs,
    p95ResponseTime: window.p95Ms,
    responseTimeBand: responseTimeBand(window.averageMs),
    totalQueries: window.requests,
    queriesPerSecond: window.requestsPerSecond,
    requestsPerMinute: window.requestsPerMinute,
    errorsPerMinute: window.errorsPerMinute,
    cacheHitRate: round(cacheHitRate(caches)),
    cacheLookups: caches.hits + caches.misses,
    slowQueries: window.slowRequests,
    slowQueryPercentage: window.slowPercentage,
    totalRequestsSinceStart: requests.totalRequests,
  };
}

/** Performance warnings (by the health bands), each with what it means. */
function performanceWarnings(performance: PerformanceFigures, databases: DatabasesHealth): HealthWarning[] {
  const warnings: HealthWarning[] = [];
  const band = performance.responseTimeBand;
  if (performance.totalQueries > 0 && (band === 'fair' || band === 'poor')) {
    warnings.push({
      type: 'slow_responses',
      message: `Average response time is ${performance.averageResponseTime} ms (${band}). Look at the slowest endpoints and the database.`,
    });
  }
  if (performance.slowQueryPercentage > SLOW_PERCENTAGE_WARNING) {
    warnings.push({
      type: 'slow_requests',
      message: `${performance.slowQueryPercentage}% of requests took over 500 ms (warning above ${SLOW_PERCENTAGE_WARNING}%).`,
    });
  }
  if (performance.cacheLookups >= MIN_CACHE_LOOKUPS && !isCacheHitRateGood(performance.cacheHitRate)) {
    warnings.push({
      type: 'low_cache_hit_rate',
      message: `Cache hit rate is ${performance.cacheHitRate}% (good above ${GOOD_CACHE_HIT_RATE}%). Consider longer cache lifetimes.`,
    });
  }
  for (const [name, health] of [
    ['PostgreSQL', databases.postgresql],
    ['MongoDB', databases.mongodb],
  ] as const) {
    if (health.status === 'warning') {
      warnings.push({
        type: 'slow_database',
        message: `${name} round trips average ${health.averageResponseTime} ms.`,
      });
    }
  }
  return warnings;
}

function performanceStatus(performance: PerformanceFigures, warnings: HealthWarning[]): HealthStatus {
  if (performance.responseTimeBand === 'poor' && performance.totalQueries > 0) return 'critical';
  return warnings.length > 0 ? 'warning' : 'healthy';
}

/** `GET /admin/system/metrics`: request performance, connections and warnings. */
export async function getApiMetrics(deps: HealthDeps & Pick<AppDeps, 'database'>) {
  const performance = readPerformance(deps);
  const databases = await readDatabasesHealth(deps);
  const warnings = performanceWarnings(performance, databases);
  return {
    status: worstStatus([performanceStatus(performance, warnings), databases.postgresql.status]),
    timestamp: new Date().toISOString(),
    windowMinutes: HEALTH_WINDOW_MINUTES,
    metrics: {
      performance,
      connections: { postgresql: databases.postgresql, mongodb: databases.mongodb },
      slowestEndpoints: deps.monitoring.requests.slowestEndpoints(5),
      requestsPerMinute: deps.monitoring.requests
        .perMinute(30)
        .map((row) => ({ ...row, minuteStart: row.minuteStart.toISOString() })),
    },
    warnings,
  };
}

/** `GET /admin/system/health`: overall status, issues and the state of each component. */
export async function getSystemHealth(deps: HealthDeps & Pick<AppDeps, 'database' | 'config'>) {
  const performance = readPerformance(deps);
  const [databases, resources, crashes, sync, scoringReconciliation, scoringReconciliationRun] =
    await Promise.all([
      readDatabasesHealth(deps),
      readResources(deps.config.dataDir),
      countRecentCrashes(deps),
      readSyncRecord(deps.database).catch(() => null),
      readScoringReconciliation(deps).catch(() => null),
      readReconciliationRun(deps).catch(() => null),
    ]);
  const dataSync = dataSyncHealth(sync);
  const warnings = performanceWarnings(performance, databases);
  const window = deps.monitoring.requests.snapshot(HEALTH_WINDOW_MINUTES);

  const errorRate = window.serverErrorsPerMinute;
  const errorsStatus: HealthStatus =
    errorRate >= ERROR_RATE_CRITICAL_PER_MINUTE
      ? 'critical'
      : errorRate >= ERROR_RATE_WARNING_PER_MINUTE
        ? 'warning'
        : 'healthy';
  const cacheStatus: HealthStatus =
    performance.cacheLookups < MIN_CACHE_LOOKUPS
      ? 'unknown'
      : isCacheHitRateGood(performance.cacheHitRate)
        ? 'healthy'
        : 'warning';
  const crashStatus: 'healthy' | 'warning' | 'unknown' =
    crashes === null ? 'unknown' : crashes > 0 ? 'warning' : 'healthy';
  const memoryPercent = resources.memory.system.usagePercentage;
  const memoryStatus: HealthStatus = memoryPercent > MEMORY_WARNING_PERCENT ? 'warning' : 'healthy';

  const issues: string[] = [];
  if (databases.postgresql.status === 'critical')
    issues.push(`PostgreSQL is not answering: ${databases.postgresql.error}`);
  if (databases.mongodb.status === 'critical')
    issues.push(`MongoDB is not answering: ${databases.mongodb.error}`);
  if (errorsStatus !== 'healthy')
    issues.push(`${errorRate} server errors per minute in the last ${HEALTH_WINDOW_MINUTES} minutes.`);
  if (memoryStatus === 'warning')
    issues.push(`Memory usage is ${memoryPercent}% (warning above ${MEMORY_WARNING_PERCENT}%).`);
  if (crashes)
    issues.push(
      `${crashes} API process crash${crashes === 1 ? '' : 'es'} in the last ${CRASH_WINDOW_HOURS} hours (restarted by the supervisor): see Error Monitoring.`,
    );
  if (dataSync.status === 'warning' || dataSync.status === 'critical') {
    const runs = dataSync.consecutiveFailures;
    issues.push(
      `The live-data sync failed ${runs === 1 ? 'its last run' : `${runs} runs in a row`}${
        dataSync.lastError ? `: ${dataSync.lastError}` : ''
      }. Projections and injuries stay as they were${
        dataSync.lastSuccessAt ? ` at ${dataSync.lastSuccessAt}` : ''
      } (Data Management → Sources).`,
    );
  }
  for (const warning of warnings) issues.push(warning.message);

  const perfStatus = performanceStatus(performance, warnings);
  return {
    status: worstStatus([
      perfStatus,
      errorsStatus,
      crashStatus,
      cacheStatus,
      memoryStatus,
      dataSync.status,
      databases.postgresql.status,
      databases.mongodb.status,
    ]),
    timestamp: new Date().toISOString(),
    issues,
    components: {
      performance: {
        status: perfStatus,
        metrics: {
          averageResponseTime: performance.averageResponseTime,
          p95ResponseTime: performance.p95ResponseTime,
          cacheHitRate: performance.cacheHitRate,
          requestsPerMinute: performance.requestsPerMinute,
        },
        warnings,
      },
      errors: {
        status: errorsStatus,
        metrics: {
          errorRate,
          errorsPerMinute: window.errorsPerMinute,
          serverErrors: window.serverErrors,
          /** Visitors' "who is signed in?" checks answered 401: expected, so not among the errors. */
          signedOutChecks: window.signedOutChecks,
        },
      },
      processes: { status: crashStatus, crashes, windowHours: CRASH_WINDOW_HOURS },
      cache: { status: cacheStatus, hitRate: performance.cacheHitRate, lookups: performance.cacheLookups },
      memory: { status: memoryStatus, usagePercentage: memoryPercent },
      dataSync,
      databases,
      scoringReconciliation,
      scoringReconciliationRun,
    },
    system: {
      uptime: resources.uptime.processSeconds,
      systemUptime: resources.uptime.systemSeconds,
      nodeVersion: process.version,
      platform: process.platform,
      databaseKind: deps.database.kind,
      eventStoreKind: deps.monitoring.eventStore.kind,
    },
  };
}

/**
 * The live-data sync as the Sources tab records it: a failed last run is a warning, as many failures in a row as
 * raise the admins' alert are critical; unknown when it has never run (or its record cannot be read).
 */
function dataSyncHealth(record: SleeperSyncRecord | null) {
  const failures = record?.consecutiveFailures ?? 0;
  const status: 'healthy' | 'warning' | 'critical' | 'unknown' = !record?.lastAttemptAt
    ? 'unknown'
    : failures >= FAILURES_BEFORE_ALERT
      ? 'critical'
      : failures > 0
        ? 'warning'
        : 'healthy';
  return {
    status,
    lastAttemptAt: record?.lastAttemptAt ?? null,
    lastSuccessAt: record?.lastSuccessAt ?? null,
    lastError: record?.lastError ?? null,
    consecutiveFailures: failures,
  };
}

/** Null when the event store cannot be read (shown as unknown rather than as no crashes). */
async function countRecentCrashes(deps: Pick<AppDeps, 'monitoring'>): Promise<number | null> {
  const since = new Date(Date.now() - CRASH_WINDOW_HOURS * 3_600_000);
  return deps.monitoring.eventStore.countEvents({ types: [PROCESS_CRASH_EVENT], since }).catch(() => null);
}
