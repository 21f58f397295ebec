import { describe, expect, it } from 'vitest';
import {
  candidateMixes,
  CONSENSUS_MIX,
  ExpertBlend,
  EXPERT_ONLY,
  MIN_BLEND_ROWS,
  mixValue,
  type BlendObservation,
} from './expert-blend.js';

/** Rows where the expert says `expert`, the fit `model`, and `actual` happened. */
function rows(count: number, make: (index: number) => { expert: number; model: number; actual: number }) {
  return Array.from({ length: count }, (_, index): BlendObservation => {
    const { expert, model, actual } = make(index);
    return { model, experts: { nflcom: null, sleeper: expert, espn: null }, consensus: expert, actual };
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

  it('learns per position which expert to follow: ESPN where it was right, Sleeper where it was', () => {
    const blend = new ExpertBlend();
    const twoExperts = (count: number, right: 'sleeper' | 'espn') =>
      Array.from({ length: count }, (_, i): BlendObservation => {
        const actual = 5 + (i % 15);
        const wrong = actual + (i % 2 ? 5 : -5);
        const sleeper = right === 'sleeper' ? actual : wrong;
        const espn = right === 'espn' ? actual : wrong;
        return {
          model: 12,
          experts: { nflcom: null, sleeper, espn },
          consensus: (sleeper + espn) / 2,
          actual,
        };
      });
    blend.record('RB', twoExperts(MIN_BLEND_ROWS, 'espn'));
    blend.record('QB', twoExperts(MIN_BLEND_ROWS, 'sleeper'));
    expect(blend.choose('RB')).toEqual({ mix: { espn: 1 }, modelWeight: 0 });
    expect(blend.choose('QB')).toEqual({ mix: { sleeper: 1 }, modelWeight: 0 });
  });

  it('weighs two experts in quarters when each is right part of the way', () => {
    const blend = new ExpertBlend();
    // ESPN 4 too high, Sleeper 12 too low: three quarters of ESPN is exact
    blend.record(
      'WR',
      Array.from({ length: MIN_BLEND_ROWS }, () => ({
        model: 0,
        experts: { nflcom: null, sleeper: 8, espn: 24 },
        consensus: 16,
        actual: 20,
      })),
    );
    expect(blend.choose('WR')).toEqual({ mix: { sleeper: 0.25, espn: 0.75 }, modelWeight: 0 });
  });

  it('averages in a new expert until it has projected enough of the record to be weighed', () => {
    const blend = new ExpertBlend();
    const rowsOf = (count: number, espn: number | null): BlendObservation[] =>
      Array.from({ length: count }, () => ({
        model: 0,
        experts: { nflcom: null, sleeper: 10, espn },
        consensus: espn === null ? 10 : (10 + espn) / 2,
        actual: espn ?? 10,
      }));
    blend.record('TE', rowsOf(MIN_BLEND_ROWS, null));
    blend.record('TE', rowsOf(MIN_BLEND_ROWS - 1, 14));
    expect(blend.choose('TE').mix).toEqual(CONSENSUS_MIX);
    blend.record('TE', rowsOf(1, 14));
    expect(blend.choose('TE').mix).toEqual({ espn: 1 });
  });
});

describe('expert mixes', () => {
  it('tries the average first, then each expert alone, then the splits in quarters', () => {
    const mixes = candidateMixes(['nflcom', 'espn']);
    expect(mixes).toEqual([
      CONSENSUS_MIX,
      { nflcom: 1 },
      { espn: 1 },
      { nflcom: 0.75, espn: 0.25 },
      { nflcom: 0.5, espn: 0.5 },
      { nflcom: 0.25, espn: 0.75 },
    ]);
    expect(candidateMixes(['nflcom', 'sleeper', 'espn'])).toHaveLength(1 + 15);
    expect(candidateMixes(['sleeper'])).toEqual([CONSENSUS_MIX]);
  });

  it('gives a missing expert’s share to those who projected the player', () => {
    const experts = { nflcom: 10, sleeper: null, espn: 20 };
    expect(mixValue({ nflcom: 0.5, espn: 0.5 }, experts, 15)).toBe(15);
    expect(mixValue({ sleeper: 0.5, espn: 0.5 }, experts, 15)).toBe(20);
    expect(mixValue({ sleeper: 1 }, experts, 15)).toBe(15);
    expect(mixValue(CONSENSUS_MIX, experts, 15)).toBe(15);
  });
});
