import { describe, expect, it } from 'vitest';
import { SCORING_PRESETS } from '@fm/projections';
import { preferredProjections, type StoredProjection } from './preferred-projection.js';

const stored = (source: string, overrides: Partial<StoredProjection> = {}): StoredProjection => ({
  playerId: 7,
  source,
  position: 'WR',
  opponent: 'KC',
  predMean: 14.2,
  predStd: 6.1,
  p10: 5.3,
  p50: 13.8,
  p90: 24.4,
  stats: null,
  ...overrides,
});

describe('a player-week’s preferred projection', () => {
  it('is the most trusted source’s, whichever order the rows come in', () => {
    const rows = [
      stored('import', { predMean: 9 }),
      stored('sleeper', { predMean: 12 }),
      stored('model', { predMean: 15 }),
      stored('nflcom', { predMean: 13 }),
    ];
    for (const order of [rows, [...rows].reverse()]) {
      const preferred = preferredProjections(order, null).get(7)!;
      expect(preferred.row.source).toBe('model');
      expect(preferred.points.mean).toBe(15);
    }
  });

  it('ignores a source the contract does not name', () => {
    const preferred = preferredProjections([stored('rumours', { predMean: 30 }), stored('sleeper')], null);
    expect(preferred.get(7)!.row.source).toBe('sleeper');
    expect(preferredProjections([stored('rumours')], null).size).toBe(0);
  });

  it('takes the opponent from any source that knows it', () => {
    const preferred = preferredProjections(
      [stored('model', { opponent: null }), stored('sleeper', { opponent: 'BUF' })],
      null,
    ).get(7)!;
    expect(preferred.row.source).toBe('model');
    expect(preferred.opponent).toBe('BUF');
  });

  it('is rounded to hundredths of a point, as every page shows it', () => {
    const preferred = preferredProjections(
      [stored('model', { predMean: 14.23456, predStd: 6.0049, p10: null, p50: 13.999, p90: 24.4449 })],
      null,
    ).get(7)!;
    expect(preferred.points).toEqual({
      mean: 14.23,
      std: 6,
      p10: null,
      p50: 14,
      p90: 24.44,
      isLeagueScored: false,
    });
  });

  it('is re-scored in a league’s rules through its stat line, and kept PPR without one', () => {
    const stats = { rec: 6, rec_yd: 80, rec_td: 1 };
    const withLine = stored('model', { stats, predMean: 20, p50: 20 });
    const standard = preferredProjections([withLine], SCORING_PRESETS.std).get(7)!;
    // Six receptions are worth six points fewer without a point per reception.
    expect(standard.points.mean).toBe(14);
    expect(standard.points.isLeagueScored).toBe(true);
    expect(preferredProjections([withLine], null).get(7)!.points.mean).toBe(20);
    const noLine = preferredProjections([stored('model')], SCORING_PRESETS.std).get(7)!;
    expect(noLine.points).toMatchObject({ mean: 14.2, isLeagueScored: false });
  });
});
