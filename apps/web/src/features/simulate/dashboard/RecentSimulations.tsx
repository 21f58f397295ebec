import { useQuery } from '@tanstack/react-query';
import { TimeAgo } from '@fm/ui';
import { Link } from 'react-router';
import { trpc } from '../../../lib/trpc';
import { formatPercent } from '../shared/format';
import './player-outlook.css';

type RecentRun = NonNullable<ReturnType<typeof useRecentRuns>['data']>['data'][number];

const useRecentRuns = () => useQuery(trpc.simulations.recent.queryOptions());

/**
 * Runs that read the same (one league week, the same two teams, the same figure): the same line-ups run again.
 * Listed once, the newest (the list comes newest first).
 */
function distinctRuns(runs: readonly RecentRun[]): RecentRun[] {
  const seen = new Set<string>();
  return runs.filter((run) => {
    const key = JSON.stringify([
      run.path ?? run.league_id,
      run.season,
      run.week,
      run.user_name,
      run.opponent_name,
      run.win_probability === null ? null : formatPercent(run.win_probability),
    ]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The user's latest simulations, kept on the server: each reopens its league page in a tap. */
export function RecentSimulations() {
  const recent = useRecentRuns();
  const list = distinctRuns(recent.data?.data ?? []);
  if (list.length === 0) return null;
  return (
    <section className="card dashboard-section" aria-labelledby="recent-simulations-title">
      <h2 id="recent-simulations-title">Your recent simulations</h2>
      <ul className="recent-simulations">
        {list.map((run) => {
          const title = `${run.user_name ?? 'Your team'} vs ${run.opponent_name ?? 'opponent'}`;
          const figure =
            run.win_probability === null ? '' : ` · ${formatPercent(run.win_probability)} to win`;
          const when = run.week !== null ? `week ${run.week}, ${run.season}` : '';
          return (
            <li key={run.id}>
              {run.path ? <Link to={run.path}>{title}</Link> : <span>{title}</span>}
              <span className="recent-simulations__meta">
                {figure}
                {when && ` · ${when}`} · <TimeAgo iso={run.created_at} />
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
