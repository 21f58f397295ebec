import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Banner, Button, Spinner } from '@fm/ui';
import { useState } from 'react';
import { trpc, trpcClient } from '../../lib/trpc';
import { alertTypeLabel, formatDateTime } from './format';

/** The alert list refreshes this often. */
export const ALERTS_POLL_MS = 30_000;

/** /admin/alerts: alerts with Acknowledge and Resolve. */
export default function SystemAlertsPage() {
  const queryClient = useQueryClient();
  const alerts = useQuery({
    ...trpc.admin.alerts.queryOptions(),
    refetchInterval: ALERTS_POLL_MS,
    staleTime: 0,
  });
  const [error, setError] = useState<string | null>(null);
  const update = useMutation({
    mutationFn: (input: { id: string; status: 'acknowledged' | 'resolved' }) =>
      trpcClient.admin.updateAlert.mutate(input),
    onSuccess: () => {
      setError(null);
      return queryClient.invalidateQueries({ queryKey: trpc.admin.alerts.queryKey() });
    },
    onError: (cause) => setError(`Failed to update the alert. ${cause.message}`),
  });
  const list = alerts.data?.data ?? [];

  return (
    <section className="admin-page">
      <h1>System Alerts</h1>
      {error && <Banner tone="error">{error}</Banner>}
      {alerts.isError && <Banner tone="error">Failed to load alerts.</Banner>}
      {alerts.isPending ? (
        <Spinner label="Loading alerts…" />
      ) : list.length === 0 ? (
        <p className="empty-state">No active alerts. System is healthy.</p>
      ) : (
        <ul className="alert-list">
          {list.map((alert) => (
            <li key={alert.id} className={`card alert-item alert-item--${alert.status}`}>
              <div className="alert-item__head">
                <h2 className="alert-item__type">{alertTypeLabel(alert.type)}</h2>
                <span
                  className={`admin-badge admin-badge--${alert.status === 'resolved' ? 'healthy' : alert.status === 'acknowledged' ? 'warning' : 'critical'}`}
                >
                  {alert.status}
                </span>
              </div>
              <p className="alert-item__time">
                <time dateTime={alert.createdAt}>{formatDateTime(alert.createdAt)}</time>
              </p>
              <p>{alert.message}</p>
              <div className="admin-actions">
                <Button
                  variant="secondary"
                  disabled={alert.status === 'acknowledged' || update.isPending}
                  onClick={() => update.mutate({ id: alert.id, status: 'acknowledged' })}
                >
                  Acknowledge
                </Button>
                <Button
                  variant="primary"
                  disabled={alert.status === 'resolved' || update.isPending}
                  onClick={() => update.mutate({ id: alert.id, status: 'resolved' })}
                >
                  Resolve
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
