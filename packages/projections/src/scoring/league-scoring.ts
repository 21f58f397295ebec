import type { Position, StatLine } from '../stats/stat-line.js';
import { scoreStatLine } from './score-stat-line.js';
import { roundPoints } from './round-points.js';
import { PPR, type ScoringRules } from './scoring-rules.js';

/** A points projection: mean, spread and percentiles (PPR as stored, or re-expressed in a league's rules). */
export interface PointsProjection {
  mean: number;
  std: number;
  p10: number | null;
  p50: number | null;
  p90: number | null;
}

/** A league-vs-PPR spread ratio beyond these bounds says more about odd rules than about risk. */
const SPREAD_RATIO_BOUNDS = [0.5, 2] as const;
/** Below this many PPR points a ratio of scores is noise, so spreads are left as they are. */
const MIN_POINTS_FOR_RATIO = 1;

/**
 * A PPR projection in the league's rules: the center moves by what the rules change on the projected stat line
 * (league points − PPR points of the same line), and the spread around the median scales with the ratio of the
 * two. Without a stat line (or without rules) the PPR projection is kept as it is.
 */
export function toLeagueScoring(
  ppr: PointsProjection,
  stats: StatLine | null | undefined,
  rules: ScoringRules,
  position: Position,
): PointsProjection & { isLeagueScored: boolean } {
  if (!stats || Object.keys(rules).length === 0) return { ...ppr, isLeagueScored: false };
  const pprPoints = scoreStatLine(stats, PPR, position);
  const leaguePoints = scoreStatLine(stats, rules, position);
  const shift = leaguePoints - pprPoints;
  const ratio =
    pprPoints >= MIN_POINTS_FOR_RATIO
      ? Math.min(SPREAD_RATIO_BOUNDS[1], Math.max(SPREAD_RATIO_BOUNDS[0], leaguePoints / pprPoints))
      : 1;
  const median = ppr.p50 === null ? null : ppr.p50 + shift;
  // Quantiles keep their place relative to the (moved) median, with the spread scaled.
  const move = (value: number | null) =>
    value === null || median === null || ppr.p50 === null
      ? null
      : roundPoints(median + (value - ppr.p50) * ratio);
  return {
    mean: roundPoints(ppr.mean + shift),
    std: roundPoints(ppr.std * ratio),
    p10: move(ppr.p10),
    p50: median === null ? null : roundPoints(median),
    p90: move(ppr.p90),
    isLeagueScored: true,
  };
}
