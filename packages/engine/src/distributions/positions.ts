export const POSITIONS = ['QB', 'RB', 'WR', 'TE', 'K', 'DEF'] as const;
export type Position = (typeof POSITIONS)[number];

const POSITION_ALIASES: Record<string, Position> = {
  QB: 'QB',
  RB: 'RB',
  WR: 'WR',
  TE: 'TE',
  K: 'K',
  PK: 'K',
  DEF: 'DEF',
  DST: 'DEF',
  'D/ST': 'DEF',
};

/** The engine's position for a platform's label (DST and D/ST are DEF), or null for positions it does not model (IDP). */
export function normalizePosition(label: string): Position | null {
  return POSITION_ALIASES[label.trim().toUpperCase()] ?? null;
}

/**
 * Lowest PPR score a player can be assigned. Sampled points are clamped here, and a projection given only as
 * mean and standard deviation uses it as the log-normal's lower bound. Negative for QBs (interceptions,
 * fumbles) and defenses (points allowed).
 */
export const SCORING_FLOOR: Readonly<Record<Position, number>> = {
  QB: -2,
  RB: 0,
  WR: 0,
  TE: 0,
  K: 0,
  DEF: -4,
};

/**
 * Weekly PPR mean and standard deviation of a typical starter, used when a starter has no projection.
 * QB–K: weekly PPR scores of the top-12 QB/TE/K and top-24 RB/WR by NFL.com projection, 2024 weeks 1–16 and
 * 2025 weeks 1–11 of nfl-data (n = 324 per QB/TE/K, 648 per RB/WR). DEF: no defense data exists, so a
 * conventional Sleeper-scoring figure.
 */
export const POSITION_BASELINE: Readonly<Record<Position, { mean: number; std: number }>> = {
  QB: { mean: 17.9, std: 8.5 },
  RB: { mean: 15.4, std: 8.2 },
  WR: { mean: 14.6, std: 8.6 },
  TE: { mean: 11.0, std: 7.3 },
  K: { mean: 8.6, std: 4.6 },
  DEF: { mean: 7.0, std: 6.0 },
};

/**
 * A boom is a week at or above the 80th percentile of that position's starters' weekly PPR scores; a bust is a
 * week below the 20th percentile. Same sample as POSITION_BASELINE; DEF again conventional.
 */
export const BOOM_THRESHOLD: Readonly<Record<Position, number>> = {
  QB: 25.1,
  RB: 21.5,
  WR: 21.1,
  TE: 17.7,
  K: 12,
  DEF: 12,
};

export const BUST_THRESHOLD: Readonly<Record<Position, number>> = {
  QB: 10.9,
  RB: 8.4,
  WR: 7.2,
  TE: 4.6,
  K: 5,
  DEF: 2,
};
