import { formatPercentPair, formatPoints } from '../shared/format';
import type { EnginePreview } from '../shared/use-engine-preview';

export interface FinalScore {
  user: number;
  opponent: number;
}

function outcomeOf({ user, opponent }: FinalScore): string {
  if (user === opponent) return 'Tied';
  return user > opponent ? 'You won' : 'You lost';
}

/**
 * The matchup in one line at the top of the page, kept in view on phones: the win probability that follows
 * every line-up change, or the final score of a finished week, or why there is no figure.
 */
export function WinProbabilityBar({
  preview,
  userName,
  opponentName,
  finalScore,
  blockedReason,
}: {
  preview: EnginePreview<'matchup'>;
  userName: string;
  opponentName: string;
  finalScore: FinalScore | null;
  blockedReason: string | null;
}) {
  const result = preview.result;
  const isUpdating = preview.status === 'running';
  const [userPercent, opponentPercent] = result ? formatPercentPair(result.winProbability) : ['', ''];
  return (
    <section className="win-bar card" aria-label="Win probability" aria-busy={isUpdating}>
      {finalScore ? (
        <p className="win-bar__final" data-testid="final-score">
          <span className="win-bar__label">Final</span>
          <strong>
            {formatPoints(finalScore.user)} – {formatPoints(finalScore.opponent)}
          </strong>
          <span>{outcomeOf(finalScore)}</span>
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
          {/* Said by the region's name to screen readers; shown here for everyone else. */}
          <p className="win-bar__label" aria-hidden="true">
            Win probability
          </p>
          <div className="win-bar__figures">
            <span className="win-bar__side">
              <span className="win-bar__name">{userName}</span>
              <strong data-testid="preview-win-probability">{userPercent}</strong>
            </span>
            <span className="win-bar__side win-bar__side--them">
              <span className="win-bar__name">{opponentName}</span>
              <strong>{opponentPercent}</strong>
            </span>
          </div>
          <div className="win-bar__track" aria-hidden="true">
            <div
              className="win-bar__fill"
              style={{ width: `${(result.winProbability * 100).toFixed(1)}%` }}
            />
          </div>
          <p className="win-bar__meta">
            Expected <span data-testid="preview-user-points">{formatPoints(result.user.mean)}</span> –{' '}
            {formatPoints(result.opponent.mean)} · {result.iterations.toLocaleString('en-US')} simulations
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
