import { Banner, Spinner } from '@fm/ui';
import { Link } from 'react-router';
import { LineupSuggestions } from './LineupSuggestions';
import { MatchupReading } from '../shared/MatchupReading';
import { decidedScore } from '../shared/matchup-result';
import { PlayerOutlookTable } from './PlayerOutlookTable';
import { RecentSimulations } from './RecentSimulations';
import { ScoreDistributions } from '../shared/ScoreDistributions';
import { SeasonOutlookPanel } from './SeasonOutlookPanel';
import { SimulationHeadline } from '../shared/SimulationHeadline';
import { useSimulationRun } from '../shared/simulation-store';
import { useFinalResult } from './use-final-result';
import '../shared/simulate.css';

const METHODOLOGY_LINK = (
  <Link to="/methodology" className="methodology-link">
    How these numbers are made
  </Link>
);

/** /dashboard: where a simulation lands — running, failed, or its full result. */
export default function DashboardPage() {
  const run = useSimulationRun('simulate');
  const { context } = run;
  const opponentRosterId = Number(run.result?.opponent_team.roster_id);
  const final = useFinalResult(context, Number.isInteger(opponentRosterId) ? opponentRosterId : null);

  if (run.status === 'idle' || !context) {
    return (
      <section className="page dashboard">
        <h1 tabIndex={-1}>Dashboard</h1>
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
      <h1 tabIndex={-1}>{title}</h1>
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
          {/* The server ran the league page's own input: its figure is the page's headline. */}
          <SimulationHeadline
            result={run.result}
            userName={context.userName}
            opponentName={context.opponentName}
            decided={final ?? decidedScore(run.result)}
          />
          {'analysis' in run.result && (
            <MatchupReading
              analysis={run.result.analysis}
              names={[context.userName, context.opponentName]}
              decided={final ?? decidedScore(run.result)}
            />
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
