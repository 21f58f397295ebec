import type { AnalysisAnswer } from './league-details';
import { ScrollingTable } from './ScrollingTable';
import { formatPercent, formatPoints, formatSigned } from './format';
import { resultText } from './matchup-result';

/** The reading of a simulated matchup: verdict, the players who swing it, and edges by position. */
export function MatchupReading({
  analysis,
  names,
  decided = null,
}: {
  analysis: AnalysisAnswer['analysis'];
  names: [string, string];
  /** The result, once every starter has played: said instead of a verdict on the odds. */
  decided?: { user: number; opponent: number } | null;
}) {
  return (
    <section className="card dashboard-section" aria-labelledby="analysis-title">
      <h2 id="analysis-title">Reading the matchup</h2>
      {decided ? (
        <p>
          Final: <strong>{resultText(decided.user, decided.opponent).replace(/^You/, names[0])}</strong>.
        </p>
      ) : (
        <p>
          {names[0]} is the <strong>{analysis.verdict}</strong>.
        </p>
      )}
      <h3>Players who swing it</h3>
      {analysis.key_players.length === 0 && (
        <p>Every starter has played (or will not play): no one is left to swing it.</p>
      )}
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
      <ScrollingTable label={'Edges by position'}>
        <table className="table table--cards">
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
                <td data-label={names[0]}>{formatPoints(edge.user_points)}</td>
                <td data-label={names[1]}>{formatPoints(edge.opponent_points)}</td>
                <td data-label="Edge">{formatSigned(edge.edge)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollingTable>
    </section>
  );
}
