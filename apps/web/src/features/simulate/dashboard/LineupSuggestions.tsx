import type { LineupLabInput, LineupSwap } from '@fm/engine';
import type { ReactNode } from 'react';
import { Spinner } from '@fm/ui';
import { useEnginePreview } from '../shared/use-engine-preview';
import { formatPercent } from '../shared/format';

/** "raises your win probability by 3.2 points" (percentage points). */
function effectOf(change: number): string {
  const points = Math.abs(change * 100).toFixed(1);
  return change >= 0
    ? `raises your win probability by ${points} points`
    : `lowers your win probability by ${points} points`;
}

function describeSwap(swap: LineupSwap, nameOf: (id: string) => string): ReactNode {
  if (swap.playerIn === null)
    return (
      <>
        Bench <strong>{nameOf(swap.playerOut ?? '')}</strong>
      </>
    );
  if (swap.playerOut === null)
    return (
      <>
        Start <strong>{nameOf(swap.playerIn)}</strong> in the empty slot
      </>
    );
  return (
    <>
      Start <strong>{nameOf(swap.playerIn)}</strong> instead of <strong>{nameOf(swap.playerOut)}</strong>
    </>
  );
}

/** Start/sit suggestions from the lineup lab, computed in the browser's engine worker. */
export function LineupSuggestions({ input }: { input: LineupLabInput | null }) {
  const lab = useEnginePreview('lineup', input, { debounceMs: 0 });
  const names = new Map(input?.roster.map((player) => [player.id, player.name ?? player.id]) ?? []);
  const nameOf = (id: string) => names.get(id) ?? id;
  return (
    <section className="card dashboard-section" aria-labelledby="lineup-lab-title">
      <h2 id="lineup-lab-title">Start / sit suggestions</h2>
      {!input && <p>The league’s starting slots are unknown, so the lineup lab cannot run.</p>}
      {input && lab.status === 'error' && (
        <p className="field__error">The lineup lab failed: {lab.error?.message}</p>
      )}
      {input && !lab.result && lab.status !== 'error' && <Spinner label="Trying every legal line-up…" />}
      {lab.result && (
        <>
          <p>
            Best line-up: <strong>{formatPercent(lab.result.winProbability)}</strong> to win (now{' '}
            {formatPercent(lab.result.currentWinProbability)}).
          </p>
          {!lab.result.isCurrentLineupLegal && (
            <p className="field__hint">
              Your chosen starters do not fit the league’s starting slots, so “now” is the closest legal
              line-up.
            </p>
          )}
          {lab.result.swaps.length === 0 ? (
            <p>Your line-up is already the best one we found.</p>
          ) : (
            <ul className="swap-list">
              {lab.result.swaps.map((swap, index) => (
                <li key={index}>
                  {describeSwap(swap, nameOf)}: {effectOf(swap.winProbabilityChange)}.
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
