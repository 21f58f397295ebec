import { formatPercentPair, formatPoints } from '../shared/format';
import type { EnginePreview } from '../shared/use-engine-preview';
import { resultText, resultTone } from '../shared/matchup-result';
import { progressText, type TeamBoxScore } from './box-score';

export interface BoxScoreSide {
  name: string;
  box: TeamBoxScore;
  /** The projected final: the simulation's mean once it has run, else the sum of the shown estimates. */
  projected: number;
}

function Team({
  side,
  isThem,
  platformName,
}: {
  side: BoxScoreSide;
  isThem?: boolean;
  platformName: string;
}) {
  return (
    <div className={`box-score__team${isThem ? ' box-score__team--them' : ''}`}>
      <span className="win-bar__name">{side.name}</span>
      <strong className="box-score__points" data-testid={isThem ? 'score-opponent' : 'score-user'}>
        {formatPoints(side.box.points)}
      </strong>
      {side.box.official !== null && (
        <span
          className="box-score__official"
          title="The platform's official score differs from the sum of the line-up shown here: a starter no longer on this roster, or a points adjustment."
        >
          {platformName} official: {formatPoints(side.box.official)}
        </span>
      )}
      <span className="box-score__progress">{progressText(side.box.counts)}</span>
    </div>
  );
}

/**
 * The matchup at the top of the page, kept in view on phones, as a box score: both teams' points so far, big; how
 * many starters are yet to play, playing, done; then the projected finals and the win probability that follows every
 * line-up change — or, once nobody can score any more, the result.
 */
export function MatchupBoxScore({
  preview,
  user,
  opponent,
  isOver,
  platformName,
  blockedReason,
}: {
  preview: EnginePreview<'matchup'>;
  user: BoxScoreSide;
  opponent: BoxScoreSide;
  /** Every game is over (or the week closed): the result instead of a probability. */
  isOver: boolean;
  platformName: string;
  blockedReason: string | null;
}) {
  const result = preview.result;
  const isUpdating = preview.status === 'running';
  const mine = user.box.points;
  const theirs = opponent.box.points;
  return (
    <section className="win-bar box-score card" aria-label="Score" aria-busy={isUpdating}>
      <div className="box-score__teams">
        <Team side={user} platformName={platformName} />
        <Team side={opponent} isThem platformName={platformName} />
      </div>
      {isOver ? (
        <p
          className={`box-score__result box-score__result--${resultTone(mine, theirs)}`}
          data-testid="final-score"
        >
          <span className="win-bar__label">Final</span>{' '}
          <strong>
            {formatPoints(mine)} – {formatPoints(theirs)}
          </strong>{' '}
          <span>· {resultText(mine, theirs)}</span>
        </p>
      ) : blockedReason ? (
        <p className="win-bar__blocked" data-testid="win-bar-blocked">
          <strong>No win probability yet:</strong> {blockedReason}
        </p>
      ) : preview.status === 'error' ? (
        <p className="field__error">The preview could not be computed: {preview.error?.message}</p>
      ) : !result ? (
        <p className="win-bar__pending">Simulating in your browser…</p>
      ) : (
        <>
          <div className="box-score__chance">
            <span className="win-bar__label">Win probability</span>
            <strong data-testid="preview-win-probability">
              {formatPercentPair(result.winProbability)[0]}
            </strong>
            <div className="win-bar__track" aria-hidden="true">
              <div
                className="win-bar__fill"
                style={{ width: `${(result.winProbability * 100).toFixed(1)}%` }}
              />
            </div>
            <span className="box-score__them-chance">{formatPercentPair(result.winProbability)[1]}</span>
          </div>
          <p className="win-bar__meta">
            Projected <span data-testid="preview-user-points">{formatPoints(user.projected)}</span> –{' '}
            {formatPoints(opponent.projected)} · {result.iterations.toLocaleString('en-US')} simulations
            {isUpdating && (
              <span className="win-bar__updating" data-testid="win-bar-updating">
                {' '}
                · Updating…
              </span>
            )}
          </p>
        </>
      )}
    </section>
  );
}
