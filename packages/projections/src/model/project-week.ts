import { PPR, type ScoringRules } from '../scoring/scoring-rules.js';
import { ModelWalk } from './model-walk.js';
import type { PlayerProjection } from './player-projection.js';
import { sortWeeks, weekOrdinal, type WeekData, type WeekSlate } from './week-data.js';

/**
 * Projections for `slate` from every earlier week of `weeks` (later weeks, and the slate's own
 * results if present, are ignored), walking forward through them so the blend with the experts
 * is learned as in production: the entry point for a week not yet played.
 */
export function projectWeekFromHistory(
  weeks: readonly WeekData[],
  slate: WeekSlate,
  rules: ScoringRules = PPR,
): PlayerProjection[] {
  const target = weekOrdinal(slate.season, slate.week);
  const walk = new ModelWalk(rules);
  for (const week of sortWeeks(weeks)) {
    if (weekOrdinal(week.season, week.week) >= target) break;
    walk.project(week);
    walk.observe(week);
  }
  return walk.project(slate);
}
