import type { SystemHealth } from './admin-types';
import { formatDateTime } from './format';

type Reconciliation = NonNullable<SystemHealth['components']['scoringReconciliation']>;

const points = (value: number) => value.toFixed(2);
const signed = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(2)}`;

/** The stats behind a difference, as "def_sack 3, pts_allowed 17". */
function statsText(stats: Record<string, number>): string {
  const entries = Object.entries(stats);
  return entries.length === 0
    ? 'no stored line'
    : entries.map(([key, value]) => `${key} ${value}`).join(', ');
}

/**
 * The last check of our points against the platforms' after a finished week: players compared, how many agree
 * within 0.01, and the worst differences with the stats behind them.
 */
export function ScoringReconciliation({ outcome }: { outcome: Reconciliation | null }) {
  if (!outcome) {
    return <p className="muted">No finished week checked yet.</p>;
  }
  const share = outcome.players_compared === 0 ? 0 : outcome.within_hundredth / outcome.players_compared;
  return (
    <div className="card" data-testid="scoring-reconciliation">
      <p>
        {outcome.season} week {outcome.week}: <strong>{outcome.within_hundredth}</strong> of{' '}
        <strong>{outcome.players_compared}</strong> players within 0.01 of the platform’s points (
        {(share * 100).toFixed(1)}%) in {outcome.leagues} league{outcome.leagues === 1 ? '' : 's'} · checked{' '}
        {formatDateTime(outcome.checked_at)}
      </p>
      {outcome.worst.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <caption>Largest differences</caption>
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col">League</th>
                <th scope="col">Ours</th>
                <th scope="col">Platform</th>
                <th scope="col">Difference</th>
                <th scope="col">Stats</th>
              </tr>
            </thead>
            <tbody>
              {outcome.worst.map((entry) => (
                <tr key={`${entry.platform}:${entry.league_id}:${entry.player_id}`}>
                  <td>
                    {entry.name} <span className="muted">{entry.position}</span>
                  </td>
                  <td>
                    {entry.platform} {entry.league_id}
                  </td>
                  <td>{points(entry.ours)}</td>
                  <td>{points(entry.platform_points)}</td>
                  <td>{signed(entry.difference)}</td>
                  <td>{statsText(entry.stats)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
