import { Banner, Spinner } from '@fm/ui';
import { Link } from 'react-router';
import type { AnalysisAnswer } from './league-details';
import { formatPercent, formatPoints, formatSigned } from './format';
import { ScoreDistributions } from './ScoreDistributions';
import { SimulationHeadline } from './SimulationHeadline';
import { useSimulationRun } from './simulation-store';
import './simulate.css';

function AnalysisDetails({
  analysis,
  names,
}: {
  analysis: AnalysisAnswer['analysis'];
  names: [string, string];
}) {
  return (
    <section className="card dashboard-section" aria-labelledby="analysis-title">
      <h2 id="analysis-title">Reading the matchup</h2>
      <p>
        {names[0]} is the <strong>{analysis.verdict}</strong>.
      </p>
      <h3>Players who swing it</h3>
      <ul className="swap-list">
        {analysis.key_players.map((player) => (
          <li key={`${player.side}-${player.player_id}`}>
            <strong>{player.name}</strong> ({player.position}, {player.side === 'user' ? names[0] : names[1]}
            ): {formatPercent(player.swing_share, 0)} of the uncertainty
            {player.boom_probability !== null && `, boom ${formatPercent(player.boom_probability, 0)}`}
          </li>
        ))}
      </ul>
      <h3>Edges by position</h3>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Position</th>
              <th scope="col">{names[0]}</th>
              <th scope="col">{names[1]}</th>
              <th scope="col">Edge</th>
            </tr>
          </thead>
          <tbody>
            {analysis.position_edges.map((edge) => (
              <tr key={edge.position}>
                <th scope="row">{edge.position}</th>
                <td>{formatPoints(edge.user_points)}</td>
                <td>{formatPoints(edge.opponent_points)}</td>
                <td>{formatSigned(edge.edge)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

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
          <AnalysisDetails analysis={run.result.analysis} names={[context.userName, context.opponentName]} />
          <ScoreDistributions result={run.result} />
        </>
      )}
      <Link to="/methodology" className="methodology-link">
        How these numbers are made
      </Link>
    </section>
  );
}
