import type { LineupLabInput, LineupLabResult, LineupSwap } from '@fm/engine';
import { Button } from '@fm/ui';
import { formatPercent } from '../shared/format';
import { useEnginePreview } from '../shared/use-engine-preview';
import { adviceOnProjections } from './advice-placeholders';

/** Suggestions shown on the matchup page; the rest is one "Best lineup" tap away. */
const SHOWN_SWAPS = 3;

function describeSwap(swap: LineupSwap, nameOf: (id: string) => string): string {
  if (swap.playerIn === null) return `Bench ${nameOf(swap.playerOut ?? '')}`;
  if (swap.playerOut === null) return `Start ${nameOf(swap.playerIn)} in the empty slot`;
  return `Start ${nameOf(swap.playerIn)} for ${nameOf(swap.playerOut)}`;
}

function signedPoints(change: number): string {
  const points = (change * 100).toFixed(1);
  return change >= 0 ? `+${points}` : `−${points.replace('-', '')}`;
}

/**
 * The lineup lab on the matchup page, run in the browser's engine worker: swaps ranked by what they do to the
 * win probability, each applied with one tap, and the best line-up it found.
 */
export function LineupAdvice({
  input,
  onApplySwap,
  onApplyLineup,
}: {
  input: LineupLabInput | null;
  onApplySwap(swap: LineupSwap): void;
  onApplyLineup(result: LineupLabResult): void;
}) {
  const lab = useEnginePreview('lineup', input, { debounceMs: 0 });
  const names = new Map(input?.roster.map((player) => [player.id, player.name ?? player.id]) ?? []);
  const nameOf = (id: string) => names.get(id) ?? id;
  const result = lab.result;
  const isCurrent = lab.status === 'completed';
  const advice = input && result ? adviceOnProjections(input, result.swaps) : null;
  // the best line-up as a whole rests on a position average when any of its swaps moves a player without one
  const isBestOnProjections = advice !== null && advice.withheldFor.length === 0;
  return (
    <section
      className="card lineup-advice"
      aria-labelledby="lineup-advice-title"
      aria-busy={lab.status === 'running'}
    >
      <div className="lineup-advice__head">
        <h2 id="lineup-advice-title">Start / sit</h2>
        {result && (
          <Button
            variant="secondary"
            disabled={!isCurrent || result.swaps.length === 0 || !isBestOnProjections}
            onClick={() => onApplyLineup(result)}
          >
            Best lineup
          </Button>
        )}
      </div>
      {!input && <p>Fix the line-up above to get start/sit advice.</p>}
      {input && lab.status === 'error' && (
        <p className="field__error">The lineup lab failed: {lab.error?.message}</p>
      )}
      {input && !result && lab.status !== 'error' && <p>Trying every legal line-up…</p>}
      {input && result && advice && (
        <>
          <p>
            {isBestOnProjections ? (
              <>
                Best line-up: <strong>{formatPercent(result.winProbability)}</strong> to win (now{' '}
                {formatPercent(result.currentWinProbability)}).
              </>
            ) : (
              <>
                Now <strong>{formatPercent(result.currentWinProbability)}</strong> to win.
              </>
            )}
            {lab.status === 'running' && ' Updating…'}
          </p>
          {advice.withheldFor.length > 0 && (
            <p className="field__hint" data-testid="advice-withheld">
              No advice on starting or benching {advice.withheldFor.join(', ')}: we have no projection of{' '}
              {advice.withheldFor.length === 1 ? 'him' : 'them'} this week, and a position average is no
              ground for a start/sit call.
            </p>
          )}
          {result.swaps.length === 0 ? (
            <p>Your line-up is already the best one we found.</p>
          ) : advice.swaps.length === 0 ? null : (
            <ul className="swap-list">
              {advice.swaps.slice(0, SHOWN_SWAPS).map((swap) => {
                const text = describeSwap(swap, nameOf);
                return (
                  <li key={`${swap.playerOut}-${swap.playerIn}`} className="swap">
                    <span>
                      {text}: <strong>{signedPoints(swap.winProbabilityChange)}</strong> pts of win
                      probability
                    </span>
                    <Button
                      variant="secondary"
                      className="chip-button"
                      disabled={!isCurrent}
                      aria-label={`Apply: ${text}`}
                      onClick={() => onApplySwap(swap)}
                    >
                      Apply
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
