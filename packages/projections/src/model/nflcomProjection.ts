import type { ProjectedRow } from '../csv/parseNflcomCsv.js';
import { scoreStatLine } from '../scoring/scoreStatLine.js';
import type { ScoringRules } from '../scoring/scoringRules.js';

/** From 2024 the projected files carry NFL.com's projected stat line; before, their stat columns hold the actual line. */
export const FIRST_SEASON_WITH_PROJECTED_STAT_LINES = 2024;

/**
 * The private league behind PlayerWeekProjectedPts scores like PPR with half a point per
 * reception (measured on 2024–2025, where both exist: mean gap 0.006 points).
 */
const PRIVATE_TO_PPR_POINTS_PER_RECEPTION = 0.5;

export function hasProjectedStatLine(row: Pick<ProjectedRow, 'season'>): boolean {
  return row.season >= FIRST_SEASON_WITH_PROJECTED_STAT_LINES;
}

/** NFL.com's projection rescored to `rules`, when the file carries a projected stat line; null otherwise. */
export function rescoredNflcomProjection(row: ProjectedRow, rules: ScoringRules): number | null {
  if (row.nflcomPoints === null || !hasProjectedStatLine(row)) return null;
  return scoreStatLine(row.stats, rules, row.position);
}

/**
 * NFL.com's projection in PPR for any season: the rescored stat line from 2024, and
 * before that the published total plus the half point per catch the private league
 * leaves out, with catches estimated from the player's recent games. Kickers score
 * alike in both systems. Never reads the pre-2024 stat columns (they are the results).
 */
export function nflcomPprEstimate(
  row: ProjectedRow,
  pprRules: ScoringRules,
  recentReceptions: number,
): number | null {
  if (row.nflcomPoints === null) return null;
  if (hasProjectedStatLine(row)) return scoreStatLine(row.stats, pprRules, row.position);
  if (row.position === 'K') return row.nflcomPoints;
  return row.nflcomPoints + PRIVATE_TO_PPR_POINTS_PER_RECEPTION * recentReceptions;
}
