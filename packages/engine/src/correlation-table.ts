// Placeholder until packages/projections/src/correlations/fit-cli.ts writes the fitted table.
import type { CorrelationTable } from './correlation/correlation-lookup.js';

export const CORRELATION_TABLE: CorrelationTable = {
  provenance: {
    method: 'placeholder',
    data: 'none',
    seasons: 'none',
    generatedAt: '2025-01-01T00:00:00.000Z',
    generatedBy: 'hand',
    totalPairs: 0,
  },
  roles: [],
  positions: [
    { a: 'QB', b: 'WR', relation: 'teammate', rho: 0.35, n: 0 },
    { a: 'QB', b: 'TE', relation: 'teammate', rho: 0.3, n: 0 },
    { a: 'QB', b: 'RB', relation: 'teammate', rho: 0.1, n: 0 },
    { a: 'WR', b: 'WR', relation: 'teammate', rho: -0.05, n: 0 },
    { a: 'RB', b: 'RB', relation: 'teammate', rho: -0.15, n: 0 },
    { a: 'QB', b: 'QB', relation: 'opponent', rho: 0.2, n: 0 },
    { a: 'QB', b: 'WR', relation: 'opponent', rho: 0.12, n: 0 },
    { a: 'K', b: 'QB', relation: 'teammate', rho: 0.15, n: 0 },
    { a: 'DEF', b: 'QB', relation: 'opponent', rho: -0.35, n: 0 },
  ],
};
