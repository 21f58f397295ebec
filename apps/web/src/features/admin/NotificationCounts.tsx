import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';

const KIND_NAMES: Record<string, string> = {
  starter_out: 'Starter out',
  final_result: 'Final result',
  weekly_digest: 'Weekly digest',
  close_game: 'Close game',
  test: 'Test',
};

/** System Health: the last week's notifications, sent / failed / waiting by kind and channel. */
export function NotificationCounts({ refetchInterval }: { refetchInterval: number | false }) {
  const counts = useQuery({ ...trpc.admin.notificationCounts.queryOptions(), refetchInterval });
  if (counts.isPending) return <p className="muted">Loading notifications…</p>;
  if (counts.isError) return <p className="muted">Notification counts could not be loaded.</p>;
  if (counts.data.data.length === 0) return <p className="muted">No notifications in the last 7 days.</p>;
  return (
    <div className="card" data-testid="notification-counts">
      <div className="table-wrap">
        <table className="table">
          <caption className="muted">Last 7 days</caption>
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Channel</th>
              <th scope="col">Sent</th>
              <th scope="col">Failed</th>
              <th scope="col">Waiting</th>
            </tr>
          </thead>
          <tbody>
            {counts.data.data.map((row) => (
              <tr key={`${row.kind}:${row.channel}`}>
                <th scope="row">{KIND_NAMES[row.kind] ?? row.kind}</th>
                <td>{row.channel === 'push' ? 'Push' : 'E-mail'}</td>
                <td>{row.sent}</td>
                <td>{row.failed}</td>
                <td>{row.waiting}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
