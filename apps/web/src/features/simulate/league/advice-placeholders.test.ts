import type { LineupLabInput, LineupSwap, RosterPlayer } from '@fm/engine';
import { describe, expect, it } from 'vitest';
import { adviceOnProjections, isPlaceholder } from './advice-placeholders';

const projected = (id: string, name: string): RosterPlayer => ({
  id,
  name,
  position: 'WR',
  predMean: 14,
  predStd: 5,
});
const unprojected = (id: string, name: string, extra: Partial<RosterPlayer> = {}): RosterPlayer => ({
  id,
  name,
  position: 'WR',
  ...extra,
});
const swap = (playerIn: string | null, playerOut: string | null): LineupSwap => ({
  playerIn,
  playerOut,
  winProbabilityChange: 0.03,
});

describe('start/sit advice on placeholders', () => {
  it('counts as a placeholder only a player without a projection whose points are not settled', () => {
    expect(isPlaceholder(unprojected('1', 'A'))).toBe(true);
    expect(
      isPlaceholder(unprojected('2', 'B', { game: { state: 'pre', points: 0, fractionRemaining: 1 } })),
    ).toBe(true);
    expect(
      isPlaceholder(unprojected('3', 'C', { game: { state: 'in', points: 4, fractionRemaining: 0.5 } })),
    ).toBe(true);
    expect(
      isPlaceholder(unprojected('4', 'D', { game: { state: 'final', points: 12, fractionRemaining: 0 } })),
    ).toBe(false);
    expect(
      isPlaceholder(unprojected('5', 'E', { game: { state: 'bye', points: 0, fractionRemaining: 0 } })),
    ).toBe(false);
    expect(isPlaceholder(projected('6', 'F'))).toBe(false);
  });

  it('keeps the swaps between projected players and names who the others would move', () => {
    const input: LineupLabInput = {
      roster: [
        projected('hill', 'Tyreek Hill'),
        unprojected('x', 'Xavier Noname'),
        projected('kupp', 'Cooper Kupp'),
      ],
      starters: ['hill'],
      opponent: [],
    };
    const advice = adviceOnProjections(input, [swap('x', 'hill'), swap('kupp', 'hill'), swap(null, 'x')]);
    expect(advice.swaps).toEqual([swap('kupp', 'hill')]);
    expect(advice.withheldFor).toEqual(['Xavier Noname']);
  });
});
