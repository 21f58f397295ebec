import { Banner, Spinner } from '@fm/ui';
import { Link } from 'react-router';
import { LineupSuggestions } from './LineupSuggestions';
import { MatchupReading } from './MatchupReading';
import { PlayerOutlookTable } from './PlayerOutlookTable';
import { RecentSimulations } from './RecentSimulations';
import { ScoreDistributions } from './ScoreDistributions';
import { SeasonOutlookPanel } from './SeasonOutlookPanel';
import { SimulationHeadline } from './SimulationHeadline';
import { useSimulationRun } from './simulation-store';
import { engineReportingFailure } from './engine-client';
import { useEnginePreview } from './use-engine-preview';
import { useOpenAtTop } from './use-open-at-top';
import './simulate.css';

const METHODOLOGY_LINK = (
  <Link to="/methodology" className="methodology-link">
    How these numbers are made
  </Link>
);

/** /dashboard: where a simulation lands — running, failed, or its full result. */
export default function DashboardPage() {
  const run = useSimulationRun('simulate');
  const { context } = run;
  // The matchup page's own run of these line-ups (same input, same seed): one number on both pages.
  const matchupPageRun = useEnginePreview('matchup', context?.matchup ?? null, {
    debounceMs: 0,
    engine: engineReportingFailure,
  });
  // Until it has run, no figure is shown rather than a different one; should it fail, the server's stands.
  const isHeadlineReady =
    !context?.matchup || matchupPageRun.status === 'completed' || matchupPageRun.status === 'error';
  const headingRef = useOpenAtTop<HTMLHeadingElement>();

  if (run.status === 'idle' || !context) {
    return (
      <section className="page dashboard">
        <h1 ref={headingRef} tabIndex={-1}>
          Dashboard
        </h1>
        <p>No simulation yet. Pick a league and run one.</p>
        <Link to="/" className="button button--primary">
          Your leagues
        </Link>
        <RecentSimulations />
      </section>
    );
  }
  const title = `${context.userName} vs ${context.opponentName}`;
  return (
    <section className="page dashboard">
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <p className="simulate-page__meta">
        {context.leagueName} · week {context.week}, {context.season} ·{' '}
        <Link to={context.backPath}>Back to the league</Link>
      </p>
      {run.status === 'running' && <Spinner label="Running 10,000 simulations…" />}
      {run.status === 'error' && (
        <Banner tone="error">
          The simulation failed: {run.error} <Link to={context.backPath}>Try again from the league page</Link>
          .
        </Banner>
      )}
      {context.leftOut.length > 0 && (
        <Banner tone="warning">
          Not in our player directory yet, so left out of the server simulation: {context.leftOut.join(', ')}.
        </Banner>
      )}
      {run.status === 'completed' && run.result && (
        <>
          {isHeadlineReady ? (
            <SimulationHeadline
              result={run.result}
              sameAsMatchupPage={matchupPageRun.status === 'completed' ? matchupPageRun.result : null}
              userName={context.userName}
              opponentName={context.opponentName}
            />
          ) : (
            <Spinner label="Matching the matchup page…" />
          )}
          {'analysis' in run.result && (
            <MatchupReading analysis={run.result.analysis} names={[context.userName, context.opponentName]} />
          )}
          {METHODOLOGY_LINK}
          <ScoreDistributions result={run.result} />
          <PlayerOutlookTable result={run.result} />
        </>
      )}
      <LineupSuggestions input={context.lineupLab} />
      <SeasonOutlookPanel input={context.seasonOutlook} myTeamId={String(context.userRosterId)} />
      <RecentSimulations />
      {METHODOLOGY_LINK}
    </section>
  );
}
