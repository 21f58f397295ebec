import { useQueries } from '@tanstack/react-query';
import { Banner, Button, Spinner } from '@fm/ui';
import { useId, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { ErrorMonitoring } from './ErrorMonitoring';
import { formatUptime, statusLabel } from './format';
import { ConnectionCards, MetricCards } from './HealthCards';
import { ResourceUsage } from './ResourceUsage';
import { ScoringReconciliation } from './ScoringReconciliation';
import { NotificationCounts } from './NotificationCounts';

/** The health page refreshes every 5 s while auto-refresh is on. */
export const HEALTH_POLL_MS = 5_000;
export const HEALTH_ERROR_MESSAGE = 'Failed to load system health data. Please try again.';

/** /admin/system-health: the four health calls in parallel, polled while auto-refresh is on. */
export default function SystemHealthPage() {
  const id = useId();
  const [isAutoRefresh, setIsAutoRefresh] = useState(true);
  const poll = { refetchInterval: isAutoRefresh ? HEALTH_POLL_MS : (false as const), staleTime: 0 };
  const [health, metrics, errors, resources] = useQueries({
    queries: [
      { ...trpc.admin.systemHealth.queryOptions(), ...poll },
      { ...trpc.admin.systemMetrics.queryOptions(), ...poll },
      { ...trpc.admin.systemErrors.queryOptions(), ...poll },
      { ...trpc.admin.systemResources.queryOptions(), ...poll },
    ],
  });
  const all = [health, metrics, errors, resources];
  const hasError = all.some((query) => query.isError);
  const isRefreshing = all.some((query) => query.isFetching);
  const lastUpdated = Math.max(...all.map((query) => query.dataUpdatedAt));
  const refreshAll = () => Promise.all(all.map((query) => query.refetch()));
  const data = health.data?.data;
  const status = statusLabel(data?.status);
  const warnings = metrics.data?.data.warnings ?? [];

  return (
    <section className="admin-page">
      <div className="health-header">
        <div>
          <h1>System Health</h1>
          <p className="health-header__status">
            <span className={`admin-badge admin-badge--${status}`}>{status}</span>
            {data && <span>Uptime {formatUptime(data.system.uptime)}</span>}
            {lastUpdated > 0 && (
              <span className="muted">Last updated {new Date(lastUpdated).toLocaleTimeString()}</span>
            )}
          </p>
        </div>
        <div className="health-header__controls">
          <label htmlFor={`${id}-auto`} className="checkbox">
            <input
              id={`${id}-auto`}
              type="checkbox"
              checked={isAutoRefresh}
              onChange={(e) => setIsAutoRefresh(e.target.checked)}
            />
            Auto-refresh (5 s)
          </label>
          <Button
            variant="secondary"
            onClick={() => void refreshAll()}
            isBusy={isRefreshing && !isAutoRefresh}
          >
            Refresh
          </Button>
        </div>
      </div>
      {hasError && <Banner tone="error">{HEALTH_ERROR_MESSAGE}</Banner>}
      {!data && health.isPending ? (
        <Spinner label="Loading system health…" />
      ) : data ? (
        <>
          <section className="admin-section" aria-labelledby={`${id}-issues`}>
            <h2 id={`${id}-issues`}>Active issues</h2>
            {data.issues.length === 0 ? (
              <p className="muted">No active issues.</p>
            ) : (
              <ul className="issue-list">
                {data.issues.map((issue) => (
                  <li key={issue}>{issue}</li>
                ))}
              </ul>
            )}
          </section>
          <MetricCards health={data} />
          <section className="admin-section" aria-labelledby={`${id}-connections`}>
            <h2 id={`${id}-connections`}>Connections and API performance</h2>
            <ConnectionCards health={data} metrics={metrics.data?.data} />
          </section>
          <section className="admin-section" aria-labelledby={`${id}-scoring`}>
            <h2 id={`${id}-scoring`}>Our points against the platforms’</h2>
            <ScoringReconciliation
              outcome={data.components.scoringReconciliation}
              run={data.components.scoringReconciliationRun}
            />
          </section>
        </>
      ) : null}
      <section className="admin-section" aria-labelledby={`${id}-notifications`}>
        <h2 id={`${id}-notifications`}>Notifications</h2>
        <NotificationCounts refetchInterval={poll.refetchInterval} />
      </section>
      <section className="admin-section" aria-labelledby={`${id}-errors`}>
        <h2 id={`${id}-errors`}>Error monitoring</h2>
        <ErrorMonitoring report={errors.data?.data} />
      </section>
      <section className="admin-section" aria-labelledby={`${id}-resources`}>
        <h2 id={`${id}-resources`}>Resource usage</h2>
        <ResourceUsage report={resources.data?.data} />
      </section>
      <section className="admin-section" aria-labelledby={`${id}-warnings`}>
        <h2 id={`${id}-warnings`}>Performance warnings and recommendations</h2>
        {warnings.length === 0 ? (
          <p className="muted">No performance warnings.</p>
        ) : (
          <ul className="issue-list">
            {warnings.map((warning) => (
              <li key={warning.type}>
                <strong>{warning.type.replace(/_/g, ' ')}</strong>: {warning.message}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
