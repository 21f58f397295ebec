import { roundPoints } from '../scoring/round-points.js';
import type { ScoringRules } from '../scoring/scoring-rules.js';
import type { StatLine } from '../stats/stat-line.js';
import type { ExpertPoints } from './experts.js';
import type { PointsDistribution } from './predict-distribution.js';
import type { PlayerWeekFeatures } from './projection-history.js';
import { projectStatLine } from './project-stat-line.js';
import type { PlayerWeek } from './week-data.js';

export interface PlayerProjection extends PlayerWeek, PointsDistribution {
  /** Each expert's projection for the week in the same scoring (null where it published none). */
  experts: ExpertPoints;
  /** Projected stat line, keyed like player_week_stats columns, scoring to predMean. */
  stats: StatLine;
  modelVersion: string;
}

export function toProjection(
  entry: PlayerWeekFeatures,
  distribution: PointsDistribution,
  rules: ScoringRules,
  modelVersion: string,
): PlayerProjection {
  const rounded = roundDistribution(distribution);
  const { playerId, name, position, season, week, team, opponent, isHome } = entry.row;
  return {
    playerId,
    name,
    position,
    season,
    week,
    team,
    opponent,
    isHome,
    ...rounded,
    experts: entry.experts,
    stats: projectStatLine(entry, rounded.predMean, rules),
    modelVersion,
  };
}

function roundDistribution(distribution: PointsDistribution): PointsDistribution {
  return {
    predMean: roundPoints(distribution.predMean),
    predStd: roundPoints(distribution.predStd),
    p10: roundPoints(distribution.p10),
    p50: roundPoints(distribution.p50),
    p90: roundPoints(distribution.p90),
  };
}
