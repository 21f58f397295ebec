import type { SimulationAnswer } from './league-details';
import { formatPercent, formatSigned } from './format';

/** The answer in one line: win probability and predicted difference, with their precision. */
export function SimulationHeadline({
  result,
  userName,
  opponentName,
}: {
  result: SimulationAnswer;
  userName: string;
  opponentName: string;
}) {
  const margin = 1.96 * result.win_probability_standard_error;
  return (
    <section className="card dashboard-headline" aria-labelledby="headline-title">
      <h2 id="headline-title" className="visually-hidden">
        Result
      </h2>
      <dl className="headline-figures">
        <div className="headline-figures__main">
          <dt>Win probability</dt>
          <dd data-testid="win-probability">{formatPercent(result.win_probability)}</dd>
        </div>
        <div>
          <dt>Predicted score difference</dt>
          <dd>{formatSigned(result.predicted_score_difference)} pts</dd>
        </div>
      </dl>
      <p>
        {userName} against {opponentName}, {result.iterations.toLocaleString('en-US')} simulations (±
        {(margin * 100).toFixed(1)} percentage points at 95%).
        {result.tie_probability > 0 &&
          ` Ties: ${formatPercent(result.tie_probability)} (counted as half a win).`}
      </p>
    </section>
  );
}
