import type { MatchupResult } from '@fm/engine';
import { Spinner } from '@fm/ui';
import type { EnginePreview } from './useEnginePreview';
import { formatPercent, formatPoints, formatSigned } from './format';

/** The instant in-browser estimate that follows every line-up change. */
export function MatchupPreview({ preview }: { preview: EnginePreview<'matchup'> }) {
  const result: MatchupResult | null = preview.result;
  return (
    <section
      className="matchup-preview card"
      aria-labelledby="matchup-preview-title"
      aria-busy={preview.status === 'running'}
    >
      <div className="matchup-preview__head">
        <h2 id="matchup-preview-title">Instant preview</h2>
        {preview.status === 'running' && <span className="matchup-preview__updating">Updating…</span>}
      </div>
      {preview.status === 'error' && (
        <p className="field__error">The preview could not be computed: {preview.error?.message}</p>
      )}
      {!result && preview.status !== 'error' && <Spinner label="Simulating in your browser…" />}
      {result && (
        <dl className="preview-figures">
          <div className="preview-figures__main">
            <dt>Win probability</dt>
            <dd data-testid="preview-win-probability">{formatPercent(result.winProbability)}</dd>
          </div>
          <div>
            <dt>Predicted difference</dt>
            <dd>{formatSigned(result.predictedScoreDifference)} pts</dd>
          </div>
          <div>
            <dt>{result.user.name ?? 'Your team'}</dt>
            <dd>{formatPoints(result.user.mean)} pts</dd>
          </div>
          <div>
            <dt>{result.opponent.name ?? 'Opponent'}</dt>
            <dd>{formatPoints(result.opponent.mean)} pts</dd>
          </div>
        </dl>
      )}
      <p className="field__hint">
        {(result?.iterations ?? 10_000).toLocaleString('en-US')} simulations in your browser. Points already
        scored this week count as banked.
      </p>
    </section>
  );
}
