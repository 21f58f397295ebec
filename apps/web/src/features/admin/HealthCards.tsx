import type { ApiMetrics, SystemHealth } from './admin-types';
import { formatDateTime, formatNumber, statusLabel } from './format';
import { StatCard } from './StatCard';

type DatabaseHealth = SystemHealth['components']['databases']['postgresql'];

/** Where the health cards turn from good to warning. */
export const MEMORY_WARNING_PERCENT = 85;
export const GOOD_CACHE_HIT_RATE = 80;
const READY_STATES: Record<number, string> = {
  0: 'Disconnected',
  1: 'Connected',
  2: 'Connecting',
  3: 'Disconnecting',
};

export function responseBand(ms: number): 'excellent' | 'good' | 'fair' | 'poor' {
  if (ms < 100) return 'excellent';
  if (ms < 300) return 'good';
  if (ms < 500) return 'fair';
  return 'poor';
}

export function MetricCards({ health }: { health: SystemHealth }) {
  const perf = health.components.performance.metrics;
  const memory = health.components.memory.usagePercentage;
  const band = responseBand(perf.averageResponseTime);
  return (
    <div className="stat-grid stat-grid--5">
      <StatCard
        label="Response time"
        value={`${formatNumber(perf.averageResponseTime)} ms`}
        hint={`${band} · p95 ${formatNumber(perf.p95ResponseTime)} ms`}
        tone={band === 'poor' ? 'critical' : band === 'fair' ? 'warning' : 'good'}
      />
      <StatCard
        label="Server errors"
        value={`${formatNumber(health.components.errors.metrics.errorRate)} / min`}
        hint={`last 5 minutes · ${health.components.errors.metrics.signedOutChecks} signed-out checks (expected, not errors)`}
        tone={
          health.components.errors.status === 'healthy'
            ? 'good'
            : health.components.errors.status === 'warning'
              ? 'warning'
              : 'critical'
        }
      />
      <StatCard
        label="Cache hit rate"
        value={`${formatNumber(perf.cacheHitRate)}%`}
        hint={
          health.components.cache.lookups === 0
            ? 'no lookups yet'
            : `${health.components.cache.lookups} lookups · good above ${GOOD_CACHE_HIT_RATE}%`
        }
        tone={
          health.components.cache.lookups === 0
            ? 'normal'
            : perf.cacheHitRate > GOOD_CACHE_HIT_RATE
              ? 'good'
              : 'warning'
        }
      />
      <DataSyncCard sync={health.components.dataSync} />
      <StatCard
        label="Memory usage"
        value={`${formatNumber(memory)}%`}
        hint={memory > MEMORY_WARNING_PERCENT ? `warning: above ${MEMORY_WARNING_PERCENT}%` : 'system memory'}
        tone={memory > MEMORY_WARNING_PERCENT ? 'warning' : 'good'}
      />
    </div>
  );
}

const SYNC_TONES = { healthy: 'good', warning: 'warning', critical: 'critical', unknown: 'normal' } as const;

/** The live-data sync: whether its last run worked, and since when it has not. */
function DataSyncCard({ sync }: { sync: SystemHealth['components']['dataSync'] }) {
  const failures = sync.consecutiveFailures;
  const value = sync.status === 'unknown' ? 'Not run yet' : failures === 0 ? 'Working' : 'Failing';
  const lastSuccess = sync.lastSuccessAt
    ? `last success ${formatDateTime(sync.lastSuccessAt)}`
    : 'never succeeded';
  const hint =
    failures > 0
      ? `${failures} failed run${failures === 1 ? '' : 's'} in a row · ${lastSuccess} · ${sync.lastError ?? 'no error message'}`
      : sync.lastAttemptAt
        ? `last run ${formatDateTime(sync.lastAttemptAt)}`
        : 'no run recorded';
  return <StatCard label="Data sync" value={value} hint={hint} tone={SYNC_TONES[sync.status]} />;
}

function DatabaseCard({ name, health }: { name: string; health: DatabaseHealth }) {
  const status = statusLabel(health.status);
  return (
    <div className="card db-card">
      <div className="db-card__head">
        <h3>{name}</h3>
        <span className={`admin-badge admin-badge--${status}`}>
          {health.isConfigured ? status : 'not configured'}
        </span>
      </div>
      <dl className="facts">
        <dt>State</dt>
        <dd>{READY_STATES[health.readyState] ?? 'Unknown'}</dd>
        <dt>Response time</dt>
        <dd>{health.responseTime === null ? '–' : `${formatNumber(health.responseTime)} ms`}</dd>
        <dt>Active queries</dt>
        <dd>{health.connectionStats.activeQueries}</dd>
        <dt>Connections</dt>
        <dd>{health.connectionStats.created}</dd>
        <dt>Errors</dt>
        <dd>{health.connectionStats.errors}</dd>
        <dt>Last checked</dt>
        <dd>{health.lastChecked ? formatDateTime(health.lastChecked) : '–'}</dd>
      </dl>
      {health.error && <p className="db-card__error">{health.error}</p>}
    </div>
  );
}

export function ConnectionCards({
  health,
  metrics,
}: {
  health: SystemHealth;
  metrics: ApiMetrics | undefined;
}) {
  const performance = metrics?.metrics.performance;
  return (
    <div className="card-grid">
      <DatabaseCard name="PostgreSQL" health={health.components.databases.postgresql} />
      <DatabaseCard name="MongoDB" health={health.components.databases.mongodb} />
      <div className="card db-card">
        <div className="db-card__head">
          <h3>API performance</h3>
          <span className={`admin-badge admin-badge--${statusLabel(metrics?.status)}`}>
            {statusLabel(metrics?.status)}
          </span>
        </div>
        {performance ? (
          <dl className="facts">
            <dt>Average response</dt>
            <dd>
              {formatNumber(performance.averageResponseTime)} ms ({performance.responseTimeBand})
            </dd>
            <dt>Requests (5 min)</dt>
            <dd>{performance.totalQueries}</dd>
            <dt>Requests / s</dt>
            <dd>{formatNumber(performance.queriesPerSecond)}</dd>
            <dt>Slow requests</dt>
            <dd>
              {performance.slowQueries} ({formatNumber(performance.slowQueryPercentage)}%)
            </dd>
            <dt>Cache hit rate</dt>
            <dd>{formatNumber(performance.cacheHitRate)}%</dd>
          </dl>
        ) : (
          <p className="muted">No performance data yet.</p>
        )}
      </div>
    </div>
  );
}
