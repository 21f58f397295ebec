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
 * How a projection made this week carries to a week `h` weeks ahead, per position: the mean moves toward
 * `target` by the share 1 − keep^h, and the std grows by the factor 1 + widen·h.
 */
export interface RosDecay {
  target: number;
  keep: number;
  widen: number;
}

export const ROS_DECAY: Readonly<Record<Position, RosDecay>> = {
  QB: { target: 0, keep: 1, widen: 0 },
  RB: { target: 0, keep: 1, widen: 0 },
  WR: { target: 0, keep: 1, widen: 0 },
  TE: { target: 0, keep: 1, widen: 0 },
  K: { target: 0, keep: 1, widen: 0 },
  DEF: { target: 0, keep: 1, widen: 0 },
};

/** Positions we do not model (IDP): the mean is kept and the spread still grows with the horizon. */
const UNMODELLED_DECAY: RosDecay = { target: 0, keep: 1, widen: 0 };

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
  const { target, keep, widen } = (canonical && decay[canonical]) || UNMODELLED_DECAY;
  const kept = keep ** horizon;
  return { mean: kept * mean + (1 - kept) * target, std: std * (1 + widen * horizon) };
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
