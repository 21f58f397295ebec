import type { SystemHealth } from './admin-types';
import { formatDateTime } from './format';

type Reconciliation = NonNullable<SystemHealth['components']['scoringReconciliation']>;
type Run = NonNullable<SystemHealth['components']['scoringReconciliationRun']>;

const points = (value: number) => value.toFixed(2);
const signed = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(2)}`;

/** The stats behind a difference, as "def_sack 3, pts_allowed 17". */
function statsText(stats: Record<string, number>): string {
  const entries = Object.entries(stats);
  return entries.length === 0
    ? 'no stored line'
    : entries.map(([key, value]) => `${key} ${value}`).join(', ');
}

/** The run under way, or a failed last run: what the job is doing (a run that ended well says nothing more). */
function RunState({ run }: { run: Run | null }) {
  if (!run || run.state === 'done') return null;
  if (run.state === 'failed') {
    return (
      <p role="status">
        The check of {run.season} week {run.week} stopped at{' '}
        {formatDateTime(run.finished_at ?? run.started_at)}: {run.error}
      </p>
    );
  }
  return (
    <p role="status">
      Checking {run.season} week {run.week}: {run.leagues_read} of {run.leagues_total} league
      {run.leagues_total === 1 ? '' : 's'} read (started {formatDateTime(run.started_at)}).
    </p>
  );
}

/** The leagues the last check did not compare, and why. */
function Skipped({ outcome }: { outcome: Reconciliation }) {
  if (outcome.skipped.length === 0) return null;
  return (
    <div className="scoring-check__skipped">
      <h3>Not compared</h3>
      <ul>
        {outcome.skipped.map((league) => (
          <li key={`${league.platform}:${league.league_id}`}>
            {league.platform} {league.league_id}: {league.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The last check of our points against the platforms' after a finished week: players compared, how many agree
 * within 0.01, the worst differences with the stats behind them, and the leagues not compared with why; and the
 * check running now. With nothing compared it says so, rather than showing 0 %.
 */
export function ScoringReconciliation({ outcome, run }: { outcome: Reconciliation | null; run: Run | null }) {
  if (!outcome) {
    return (
      <>
        <RunState run={run} />
        <p className="muted">No finished week checked yet.</p>
      </>
    );
  }
  const share = outcome.players_compared === 0 ? 0 : outcome.within_hundredth / outcome.players_compared;
  return (
    <div className="card scoring-check" data-testid="scoring-reconciliation">
      <RunState run={run} />
      {outcome.players_compared === 0 ? (
        <p>
          {outcome.season} week {outcome.week}: nothing to compare yet.{' '}
          {outcome.skipped.length === 0
            ? 'No league was opened that week.'
            : 'No league opened that week could be compared (below).'}{' '}
          It is checked again when a league is opened or its platform closes the week · checked{' '}
          {formatDateTime(outcome.checked_at)}
        </p>
      ) : (
        <p>
          {outcome.season} week {outcome.week}: <strong>{outcome.within_hundredth}</strong> of{' '}
          <strong>{outcome.players_compared}</strong> players within 0.01 of the platform’s points (
          {(share * 100).toFixed(1)}%) in {outcome.leagues} league{outcome.leagues === 1 ? '' : 's'} · checked{' '}
          {formatDateTime(outcome.checked_at)}
        </p>
      )}
      {outcome.worst.length > 0 && (
        <div className="table-wrap">
          {/* a card per row on a phone (nothing to swipe sideways); the stats wrap on a desktop */}
          <table className="table table--cards scoring-check__table">
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
                  <th scope="row">
                    {entry.name} <span className="muted">{entry.position}</span>
                  </th>
                  <td data-label="League" className="scoring-check__league">
                    {entry.platform} {entry.league_id}
                  </td>
                  <td data-label="Ours">{points(entry.ours)}</td>
                  <td data-label="Platform">{points(entry.platform_points)}</td>
                  <td data-label="Difference">{signed(entry.difference)}</td>
                  <td data-label="Stats" className="scoring-check__stats">
                    {statsText(entry.stats)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Skipped outcome={outcome} />
    </div>
  );
}
