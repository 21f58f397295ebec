import { scoreStatLine } from '../scoring/score-stat-line.js';
import type { ScoringRules } from '../scoring/scoring-rules.js';
import type { Position } from '../stats/stat-line.js';
import { EXPERTS, type Expert, type ExpertInput, type SlateRow } from './week-data.js';

export type ExpertPoints = Record<Expert, number | null>;

/**
 * An expert's projection in `rules`: its stat line rescored, or its published total plus the
 * points per catch its scoring leaves out, for the catches the player has been making lately.
 */
export function expertPoints(
  input: ExpertInput | undefined,
  rules: ScoringRules,
  position: Position,
  recentReceptions: number,
): number | null {
  if (!input) return null;
  if (input.stats) return scoreStatLine(input.stats, rules, position);
  if (!input.total) return null;
  return input.total.points + ((rules.rec ?? 0) - input.total.perReception) * recentReceptions;
}

export function expertPointsOf(row: SlateRow, rules: ScoringRules, recentReceptions: number): ExpertPoints {
  const points = {} as ExpertPoints;
  for (const expert of EXPERTS)
    points[expert] = expertPoints(row.experts[expert], rules, row.position, recentReceptions);
  return points;
}

/** The experts' average where any projected the player; null when none did. */
export function consensusOf(points: ExpertPoints): number | null {
  let sum = 0;
  let count = 0;
  for (const expert of EXPERTS) {
    const value = points[expert];
    if (value === null) continue;
    sum += value;
    count += 1;
  }
  return count > 0 ? sum / count : null;
}
