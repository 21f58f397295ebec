import type { MatchupResult } from '@fm/engine';
import type { SimulationAnswer } from './league-details';
import { formatPercent, formatSigned } from './format';

type HeadlineFigures = Pick<
  SimulationAnswer,
  | 'win_probability'
  | 'win_probability_standard_error'
  | 'predicted_score_difference'
  | 'tie_probability'
  | 'iterations'
>;

function figuresOf(result: MatchupResult): HeadlineFigures {
  return {
    win_probability: result.winProbability,
    win_probability_standard_error: result.winProbabilityStandardError,
    predicted_score_difference: result.predictedScoreDifference,
    tie_probability: result.tieProbability,
    iterations: result.iterations,
  };
}

/**
 * The answer in one line: win probability and predicted difference, with their precision. Given `sameAsMatchupPage`
 * (the matchup page's own engine run of these line-ups), its figures are shown, so the dashboard, the matchup
 * page's headline and start/sit's "now" say the same number.
 */
export function SimulationHeadline({
  result: serverResult,
  sameAsMatchupPage,
  userName,
  opponentName,
}: {
  result: SimulationAnswer;
  sameAsMatchupPage?: MatchupResult | null;
  userName: string;
  opponentName: string;
}) {
  const result = sameAsMatchupPage ? figuresOf(sameAsMatchupPage) : serverResult;
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
