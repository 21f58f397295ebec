import type { AppDeps } from '../../deps.js';
import {
  ensureFreshSample,
  readPostgresConnectionStats,
  type DatabaseTiming,
} from '../../monitoring/database-monitor.js';
import { READY_STATE, SLOW_DATABASE_MS, type HealthStatus } from '../../monitoring/health-bands.js';

/** A sample this old is fresh enough for the health page. */
const SAMPLE_MAX_AGE_MS = 4_000;

export interface ConnectionStats {
  activeQueries: number;
  created: number;
  errors: number;
}

/** Health data of one database: connection state, size, response time. */
export interface DatabaseHealth {
  status: HealthStatus;
  isConfigured: boolean;
  responseTime: number | null;
  averageResponseTime: number | null;
  error: string | null;
  connectionStats: ConnectionStats;
  readyState: number;
  lastChecked: string | null;
  /** MongoDB: database name → its status. */
  databases?: Record<string, { status: HealthStatus; responseTime: number | null; error: string | null }>;
}

export interface DatabasesHealth {
  postgresql: DatabaseHealth;
  mongodb: DatabaseHealth;
}

function statusOf(timing: DatabaseTiming): HealthStatus {
  if (!timing.isSampled) return 'unknown';
  if (!timing.isUp) return 'critical';
  return (timing.averageLatencyMs ?? 0) > SLOW_DATABASE_MS ? 'warning' : 'healthy';
}

const rounded = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

function fromTiming(timing: DatabaseTiming, connectionStats: ConnectionStats): DatabaseHealth {
  return {
    status: statusOf(timing),
    isConfigured: true,
    responseTime: rounded(timing.lastLatencyMs),
    averageResponseTime: rounded(timing.averageLatencyMs),
    error: timing.lastError,
    connectionStats,
    readyState: timing.isUp
      ? READY_STATE.connected
      : timing.isSampled
        ? READY_STATE.disconnected
        : READY_STATE.connecting,
    lastChecked: timing.lastCheckedAt?.toISOString() ?? null,
  };
}

function notConfiguredMongo(): DatabaseHealth {
  return {
    status: 'unknown',
    isConfigured: false,
    responseTime: null,
    averageResponseTime: null,
    error:
      'Not configured: analytics events and the error log are kept in PostgreSQL (set MONGODB_URL to use MongoDB).',
    connectionStats: { activeQueries: 0, created: 0, errors: 0 },
    readyState: READY_STATE.disconnected,
    lastChecked: null,
    databases: {},
  };
}

/** PostgreSQL and MongoDB health, pinging again when the last sample is stale. */
export async function readDatabasesHealth(
  deps: Pick<AppDeps, 'database' | 'monitoring'>,
): Promise<DatabasesHealth> {
  const { databases, eventStore } = deps.monitoring;
  const postgresTiming = await ensureFreshSample(databases.postgres, SAMPLE_MAX_AGE_MS);
  const stats = postgresTiming.isUp
    ? await readPostgresConnectionStats(deps.database, postgresTiming.failedPings).catch(() => undefined)
    : undefined;
  const postgresql = fromTiming(postgresTiming, {
    activeQueries: stats?.activeQueries ?? 0,
    created: stats?.created ?? 0,
    errors: postgresTiming.failedPings,
  });

  let mongodb = notConfiguredMongo();
  if (databases.mongo) {
    const mongoTiming = await ensureFreshSample(databases.mongo, SAMPLE_MAX_AGE_MS);
    mongodb = fromTiming(mongoTiming, {
      activeQueries: 0,
      created: mongoTiming.isUp ? 1 : 0,
      errors: mongoTiming.failedPings,
    });
    const name = 'databaseName' in eventStore ? String(eventStore.databaseName) : 'events';
    mongodb.databases = {
      [name]: { status: mongodb.status, responseTime: mongodb.responseTime, error: mongodb.error },
    };
  }
  return { postgresql, mongodb };
}
