import type { Position } from '../distributions/positions.js';
import { roleKey } from './roles.js';

/** Two players of the same NFL team, or of the two teams of one game. */
export type PairRelation = 'teammate' | 'opponent';

export interface CorrelationEntry {
  a: string;
  b: string;
  relation: PairRelation;
  /** Gaussian-copula correlation (of normal scores). */
  rho: number;
  /** Player-week pairs it was estimated from. */
  n: number;
}

export interface CorrelationProvenance {
  method: string;
  data: string;
  seasons: string;
  generatedAt: string;
  generatedBy: string;
  totalPairs: number;
}

export interface CorrelationTable {
  provenance: CorrelationProvenance;
  /** Keyed by role (`QB1`, `WR2`, `DEF`): used when both players have a depth rank. */
  roles: readonly CorrelationEntry[];
  /** Keyed by position (`QB`, `WR`): used when a depth rank is missing. */
  positions: readonly CorrelationEntry[];
}

export interface CorrelatedPlayer {
  position: Position;
  depthRank?: number | null;
}

export type CorrelationLookup = (
  first: CorrelatedPlayer,
  second: CorrelatedPlayer,
  relation: PairRelation,
) => number;

function pairKey(a: string, b: string, relation: PairRelation): string {
  return a <= b ? `${relation}|${a}|${b}` : `${relation}|${b}|${a}`;
}

function indexEntries(entries: readonly CorrelationEntry[]): Map<string, number> {
  const index = new Map<string, number>();
  for (const entry of entries) index.set(pairKey(entry.a, entry.b, entry.relation), entry.rho);
  return index;
}

// Indexing a table costs more than a whole small simulation's set-up, so each table object is indexed once.
const lookups = new WeakMap<CorrelationTable, CorrelationLookup>();

/** Correlation of two players' outcomes; pairs the table does not list are independent (0). */
export function createCorrelationLookup(table: CorrelationTable): CorrelationLookup {
  const cached = lookups.get(table);
  if (cached) return cached;
  const lookup = indexTable(table);
  lookups.set(table, lookup);
  return lookup;
}

function indexTable(table: CorrelationTable): CorrelationLookup {
  const byRole = indexEntries(table.roles);
  const byPosition = indexEntries(table.positions);
  return (first, second, relation) => {
    const firstRank = first.position === 'DEF' ? 1 : first.depthRank;
    const secondRank = second.position === 'DEF' ? 1 : second.depthRank;
    if (firstRank != null && secondRank != null) {
      const rho = byRole.get(
        pairKey(roleKey(first.position, firstRank), roleKey(second.position, secondRank), relation),
      );
      if (rho !== undefined) return rho;
    }
    return byPosition.get(pairKey(first.position, second.position, relation)) ?? 0;
  };
}
