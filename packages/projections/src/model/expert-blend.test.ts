import { describe, expect, it } from 'vitest';
import { ExpertBlend, EXPERT_ONLY, MIN_BLEND_ROWS, type BlendObservation } from './expert-blend.js';

/** Rows where the expert says `expert`, the fit `model`, and `actual` happened. */
function rows(count: number, make: (index: number) => { expert: number; model: number; actual: number }) {
  return Array.from({ length: count }, (_, index): BlendObservation => {
    const { expert, model, actual } = make(index);
    return { model, experts: { nflcom: null, sleeper: expert }, consensus: expert, actual };
  });
}

describe('ExpertBlend', () => {
  it('keeps the expert alone while the record is short, however good the fit was', () => {
    const blend = new ExpertBlend();
    blend.record(
      'WR',
      rows(MIN_BLEND_ROWS - 1, (i) => ({ expert: 10, model: i % 20, actual: i % 20 })),
    );
    expect(blend.choose('WR')).toEqual(EXPERT_ONLY);
  });

  it('trusts a fit that was right where the expert was not', () => {
    const blend = new ExpertBlend();
    blend.record(
      'RB',
      rows(MIN_BLEND_ROWS, (i) => ({ expert: 10, model: i % 20, actual: i % 20 })),
    );
    expect(blend.choose('RB').modelWeight).toBe(1);
  });

  it('drops a fit that only added noise to a good expert', () => {
    const blend = new ExpertBlend();
    blend.record(
      'DEF',
      rows(MIN_BLEND_ROWS * 2, (i) => ({
        expert: 8 + (i % 5),
        model: 8 + (i % 5) + (i % 2 ? 6 : -6),
        actual: 8 + (i % 5),
      })),
    );
    expect(blend.choose('DEF').modelWeight).toBe(0);
  });

  it('splits the difference when fit and expert err on opposite sides', () => {
    const blend = new ExpertBlend();
    // the expert 4 too high, the fit 4 too low: only the even mix is exact
    blend.record(
      'QB',
      rows(MIN_BLEND_ROWS, () => ({ expert: 24, model: 16, actual: 20 })),
    );
    expect(blend.choose('QB').modelWeight).toBe(0.5);
  });
});
