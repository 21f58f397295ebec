import type { SimulationAnswer } from './league-details';
import { formatPercent, formatPoints, formatSigned } from './format';
import { decidedScore, resultText, resultTone } from './matchup-result';

/**
 * The answer in one line: win probability and predicted difference, with their precision — or, once every starter
 * has played, the result (a 0 % or 100 % "probability" would only restate it).
 */
export function SimulationHeadline({
  result,
  userName,
  opponentName,
  decided = decidedScore(result),
}: {
  result: SimulationAnswer;
  userName: string;
  opponentName: string;
  /** The result once nobody can score any more (by default: when every starter of the run had played). */
  decided?: { user: number; opponent: number } | null;
}) {
  const margin = 1.96 * result.win_probability_standard_error;
  if (decided) {
    return (
      <section className="card dashboard-headline" aria-labelledby="headline-title">
        <h2 id="headline-title" className="visually-hidden">
          Result
        </h2>
        <p className={`box-score__result box-score__result--${resultTone(decided.user, decided.opponent)}`}>
          <span className="win-bar__label">Final</span>{' '}
          <strong data-testid="final-score">
            {formatPoints(decided.user)} – {formatPoints(decided.opponent)}
          </strong>{' '}
          <span>· {resultText(decided.user, decided.opponent).replace(/^You/, userName)}</span>
        </p>
        <p>
          {userName} against {opponentName}: every starter has played, so this is the result, not a forecast.
        </p>
      </section>
    );
  }
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
