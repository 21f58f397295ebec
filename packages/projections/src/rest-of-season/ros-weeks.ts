import { isOutStatus, normalizePosition, statusTag, type Position } from '@fm/engine';

export interface RosPlayerInput {
  position: string;
  mean: number;
  std: number;
  byeWeek: number | null;
  injuryStatus: string | null;
}

export interface RosWeek {
  week: number;
  mean: number;
  std: number;
}

/**
 * Tags of the reserve lists (injured reserve, PUP, non-football injury) and suspensions: the player misses
 * several games, not one. The NFL's minimum stay on these lists is 4 games, so he projects 0 for this week
 * and the 3 after it; a plain "Out" is this week only.
 */
const LONG_ABSENCE_TAGS: ReadonlySet<string> = new Set(['IR', 'PUP', 'NFI', 'Sus']);
export const LONG_ABSENCE_WEEKS = 4;

/**
 * How a projection made this week carries to a week `h` weeks ahead, per position. The mean moves, by the
 * weight 1 − keep^h, toward a long-run level: `share` of his own projection plus (1 − share) of the position's
 * `target` points. The std grows, by the same weight, toward 1 + widen times this week's.
 */
export interface RosDecay {
  keep: number;
  share: number;
  target: number;
  widen: number;
}

/**
 * Fitted by `npm run backtest:ros` (packages/projections/ros-backtest.json) on 2021–2025: the model's projection
 * for week w, from the weeks before it, against the PPR points the player scored 1 to 12 weeks later (0 when he
 * did not play), players the experts put at 5+ points, bye weeks left out. Least squares, so the decayed mean
 * stays an expected value (rest-of-season sums and season simulations add means).
 * Measured reason (2021–2025): QB–TE players score 1–5% under their projection in the week projected, 4–10%
 * under it a week later, 11–19% under it 4 weeks later and 18–29% under it 12 weeks later, where it levels
 * off: 9–14% of them score 0 a week later and 17–28% 4–12 weeks later (hurt, benched, released), against 2–8%
 * in the week projected. QB and WR keep a share of their own projection (a pull toward a position level fitted
 * no better); RB and TE also regress toward a position level; kicker projections say little past a week (keep
 * 0.55) and fall back to the position's 7.2 points. The widening brings the share of later scores within the
 * normal 10th–90th percentile range back toward 80% (without it: QB 61–71%, RB and TE 75–78%, K 75–77%; WR
 * already 78–80%). DEF: no defense data to fit on, so its projection carries as it is.
 */
export const ROS_DECAY: Readonly<Record<Position, RosDecay>> = {
  QB: { keep: 0.7, share: 0.743, target: 0, widen: 0.345 },
  RB: { keep: 0.665, share: 0.684, target: 4.739, widen: 0.09 },
  WR: { keep: 0.63, share: 0.773, target: 0, widen: 0.005 },
  TE: { keep: 0.72, share: 0.56, target: 5.372, widen: 0.055 },
  K: { keep: 0.55, share: 0, target: 7.223, widen: 0.16 },
  DEF: { keep: 1, share: 1, target: 0, widen: 0 },
};

/** Positions we do not model (IDP): the projection carries as it is. */
const UNMODELLED_DECAY: RosDecay = { keep: 1, share: 1, target: 0, widen: 0 };

/** Mean and std `horizon` weeks after the week they were projected for (horizon 0 is that week). */
export function decayedProjection(
  position: string,
  mean: number,
  std: number,
  horizon: number,
  decay: Readonly<Partial<Record<Position, RosDecay>>> = ROS_DECAY,
): { mean: number; std: number } {
  if (horizon <= 0) return { mean, std };
  const canonical = normalizePosition(position);
  const { keep, share, target, widen } = (canonical && decay[canonical]) || UNMODELLED_DECAY;
  const kept = keep ** horizon;
  const longRun = share * mean + (1 - share) * target;
  return { mean: kept * mean + (1 - kept) * longRun, std: std * (1 + widen * (1 - kept)) };
}

/** Weeks from `fromWeek` on that the player's status rules him out (none when healthy, Q or D). */
export function weeksRuledOut(injuryStatus: string | null): number {
  if (!isOutStatus(injuryStatus)) return 0;
  const tag = statusTag(injuryStatus);
  return tag !== null && LONG_ABSENCE_TAGS.has(tag) ? LONG_ABSENCE_WEEKS : 1;
}

/**
 * This week's projection (mean/std in league scoring, for `fromWeek`) spread over fromWeek..lastWeek inclusive.
 * A bye week is 0 ± 0; so is a week the injury status rules him out (see weeksRuledOut). A questionable or
 * doubtful tag is about this week's game: this week keeps the projection as given (the engine does not scale
 * it either), later weeks treat him as healthy. Later weeks decay by ROS_DECAY.
 */
export function restOfSeasonWeeks(player: RosPlayerInput, fromWeek: number, lastWeek: number): RosWeek[] {
  return restOfSeasonWeeksWith(player, fromWeek, lastWeek, ROS_DECAY);
}

/** restOfSeasonWeeks with another decay (the backtest scores candidate constants with it). */
export function restOfSeasonWeeksWith(
  player: RosPlayerInput,
  fromWeek: number,
  lastWeek: number,
  decay: Readonly<Partial<Record<Position, RosDecay>>>,
): RosWeek[] {
  const out = weeksRuledOut(player.injuryStatus);
  const weeks: RosWeek[] = [];
  for (let week = fromWeek; week <= lastWeek; week += 1) {
    if (week === player.byeWeek || week < fromWeek + out) {
      weeks.push({ week, mean: 0, std: 0 });
      continue;
    }
    const { mean, std } = decayedProjection(player.position, player.mean, player.std, week - fromWeek, decay);
    weeks.push({ week, mean, std });
  }
  return weeks;
}
