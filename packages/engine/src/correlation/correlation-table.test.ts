import { describe, expect, it } from 'vitest';
import { CORRELATION_TABLE } from '../correlation-table.js';
import { POSITIONS } from '../distributions/positions.js';
import { createCorrelationLookup } from './correlation-lookup.js';
import { rankWithinTeam, ROLE_DEPTH_CAP, roleKey } from './roles.js';

const ENGINE_ROLES = new Set(
  POSITIONS.flatMap((position) =>
    Array.from({ length: ROLE_DEPTH_CAP[position] }, (_, i) => roleKey(position, i + 1)),
  ),
);

describe('the fitted correlation table', () => {
  it('carries its provenance: fitted from data, which seasons, how many pairs', () => {
    const { provenance } = CORRELATION_TABLE;
    expect(provenance.method).toMatch(/Spearman/);
    expect(provenance.seasons).toMatch(/2024/);
    expect(provenance.totalPairs).toBeGreaterThan(10_000);
    expect(provenance.generatedBy).toBe('packages/projections/src/cli/fit-correlations.ts');
  });

  it('uses only roles and positions the engine can ask for, each pair once, with valid correlations', () => {
    for (const entry of CORRELATION_TABLE.roles) {
      expect(ENGINE_ROLES.has(entry.a) && ENGINE_ROLES.has(entry.b)).toBe(true);
    }
    for (const entry of CORRELATION_TABLE.positions) {
      expect(
        (POSITIONS as readonly string[]).includes(entry.a) &&
          (POSITIONS as readonly string[]).includes(entry.b),
      ).toBe(true);
    }
    for (const entries of [CORRELATION_TABLE.roles, CORRELATION_TABLE.positions]) {
      const keys = entries.map((entry) => `${entry.relation}|${[entry.a, entry.b].sort().join('|')}`);
      expect(new Set(keys).size).toBe(keys.length);
      for (const entry of entries) {
        expect(Math.abs(entry.rho)).toBeLessThan(1);
        expect(entry.n).toBeGreaterThan(0);
      }
    }
  });

  it('shows the known football structure: stacks positive, backfield mates negative, a defense against its opponent’s QB', () => {
    const lookup = createCorrelationLookup(CORRELATION_TABLE);
    expect(
      lookup({ position: 'QB', depthRank: 1 }, { position: 'WR', depthRank: 1 }, 'teammate'),
    ).toBeGreaterThan(0.15);
    expect(lookup({ position: 'WR', depthRank: 1 }, { position: 'QB', depthRank: 1 }, 'teammate')).toBe(
      lookup({ position: 'QB', depthRank: 1 }, { position: 'WR', depthRank: 1 }, 'teammate'),
    );
    expect(
      lookup({ position: 'RB', depthRank: 1 }, { position: 'RB', depthRank: 2 }, 'teammate'),
    ).toBeLessThan(0);
    expect(
      lookup({ position: 'QB', depthRank: 1 }, { position: 'QB', depthRank: 1 }, 'opponent'),
    ).toBeGreaterThan(0);
    expect(lookup({ position: 'DEF' }, { position: 'QB', depthRank: 1 }, 'opponent')).toBeLessThan(-0.2);
    // Without depth ranks the position-level pair answers.
    expect(lookup({ position: 'QB' }, { position: 'WR' }, 'teammate')).toBeGreaterThan(0.1);
  });
});

describe('rankWithinTeam', () => {
  it('ranks players by projected points within team and position', () => {
    const ranks = rankWithinTeam([
      { id: 'a', team: 'KC', position: 'WR', predMean: 9 },
      { id: 'b', team: 'KC', position: 'WR', predMean: 14 },
      { id: 'c', team: 'kc', position: 'WR', predMean: null },
      { id: 'd', team: 'LV', position: 'WR', predMean: 3 },
      { id: 'e', team: 'KC', position: 'TE', predMean: 5 },
    ]);
    expect(Object.fromEntries(ranks)).toEqual({ b: 1, a: 2, c: 3, d: 1, e: 1 });
    expect(roleKey('WR', 5)).toBe('WR3');
    expect(roleKey('QB', 2)).toBe('QB1');
  });
});
