import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EnginePreview } from '../shared/use-engine-preview';
import { formatPercentPair } from '../shared/format';
import { WinProbabilityBar } from './WinProbabilityBar';

function previewOf(winProbability: number): EnginePreview<'matchup'> {
  const side = { mean: 100 };
  return {
    status: 'completed',
    result: { winProbability, user: side, opponent: side, iterations: 10_000 },
    error: null,
  } as unknown as EnginePreview<'matchup'>;
}

const shownPercents = () =>
  Array.from(document.querySelectorAll('.win-bar__side strong'), (node) =>
    Number(node.textContent!.replace('%', '')),
  );

describe('the two sides of a matchup', () => {
  it('read p and 100 − p from one rounded figure (15.2 % and 84.8 %, not 84.9 %)', () => {
    render(
      <WinProbabilityBar
        preview={previewOf(0.1515)}
        userName="Mine"
        opponentName="Theirs"
        finalScore={null}
        blockedReason={null}
      />,
    );
    expect(screen.getByTestId('preview-win-probability').textContent).toBe('15.2%');
    expect(shownPercents()).toEqual([15.2, 84.8]);
  });

  it('add up to 100 % for every chance', () => {
    for (let step = 0; step <= 10_000; step += 1) {
      const [mine, theirs] = formatPercentPair(step / 10_000).map((text) => Number(text.replace('%', '')));
      expect(Math.round((mine! + theirs!) * 10)).toBe(1000);
    }
  });
});
