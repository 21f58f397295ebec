import { Banner, Spinner } from '@fm/ui';
import { Link } from 'react-router';
import { MatchupReading } from '../shared/MatchupReading';
import { ScoreDistributions } from '../shared/ScoreDistributions';
import { SimulationHeadline } from '../shared/SimulationHeadline';
import { useSimulationRun } from '../shared/simulation-store';
import '../shared/simulate.css';

/** /team-matchup/dashboard: the analysis of two teams chosen on /team-matchup. */
export default function TeamMatchupDashboardPage() {
  const run = useSimulationRun('analyze');
  const { context } = run;
  if (run.status === 'idle' || !context) {
    return (
      <section className="page dashboard">
        <h1>Team Matchup</h1>
        <p>No comparison yet.</p>
        <Link to="/team-matchup" className="button button--primary">
          Compare two teams
        </Link>
      </section>
    );
  }
  return (
    <section className="page dashboard">
      <h1>
        {context.userName} vs {context.opponentName}
      </h1>
      <p className="simulate-page__meta">
        {context.leagueName} · week {context.week} · <Link to={context.backPath}>Compare other teams</Link>
      </p>
      {run.status === 'running' && <Spinner label="Running 10,000 simulations…" />}
      {run.status === 'error' && <Banner tone="error">The analysis failed: {run.error}</Banner>}
      {context.leftOut.length > 0 && (
        <Banner tone="warning">
          Not in our player directory yet, so left out: {context.leftOut.join(', ')}.
        </Banner>
      )}
      {run.status === 'completed' && run.result && (
        <>
          <SimulationHeadline
            result={run.result}
            userName={context.userName}
            opponentName={context.opponentName}
          />
          <MatchupReading analysis={run.result.analysis} names={[context.userName, context.opponentName]} />
          <ScoreDistributions result={run.result} isOwnTeam={context.isOwnTeam ?? true} />
        </>
      )}
      <Link to="/methodology" className="methodology-link">
        How these numbers are made
      </Link>
    </section>
  );
}
