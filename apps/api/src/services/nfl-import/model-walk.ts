import { regularSeasonWeeks } from '@fm/contract';
import {
  ModelWalk,
  PPR,
  weekOrdinal,
  type PlayerProjection,
  type SlateRow,
  type WeekData,
  type WeekSlate,
} from '@fm/projections';
import type { NflWeek } from './model-weeks.js';

/** Players listed in these last slates get a projection for a week no expert has projected yet. */
const RECENT_SLATES_FOR_NEXT_WEEK = 2;

export interface ProjectedWeek {
  season: number;
  week: number;
  projections: PlayerProjection[];
  /** Weeks projected so far (this one included), and how many there are. */
  done: number;
  total: number;
}

/**
 * The week to project beyond the held ones, when no expert has projected it yet: the current
 * week (when given), else the week after the last one with results. Its slate carries the
 * players of the last slates forward with their latest expert figures, opponent unknown.
 */
export function nextWeekSlate(weeks: readonly WeekData[], current?: NflWeek): WeekSlate | null {
  const last = weeks[weeks.length - 1];
  let target: NflWeek;
  if (current) {
    const ordinal = weekOrdinal(current.season, current.week);
    if (weeks.some((week) => weekOrdinal(week.season, week.week) >= ordinal && week.slate.length > 0))
      return null;
    target = current;
  } else {
    // the regular season's last week has no "next week"
    if (!last || last.actual === null || last.week >= regularSeasonWeeks(last.season)) return null;
    target = { season: last.season, week: last.week + 1 };
  }
  const latest = new Map<number, SlateRow>();
  for (const week of weeks
    .filter((candidate) => candidate.slate.length > 0)
    .slice(-RECENT_SLATES_FOR_NEXT_WEEK)) {
    if (week.season !== target.season) continue;
    for (const row of week.slate) latest.set(row.playerId, row);
  }
  if (latest.size === 0) return null;
  const slate = [...latest.values()].map((row) => ({
    ...row,
    season: target.season,
    week: target.week,
    opponent: '',
    isHome: true,
  }));
  return { season: target.season, week: target.week, slate };
}

/**
 * Our model's projections for every week, walking forward: each week is projected by a model
 * trained only on the weeks before it, then its results are revealed. Then the week no expert
 * has projected yet, if any. Yields one week at a time so they can be written meanwhile.
 */
export function* walkForwardProjections(
  weeks: readonly WeekData[],
  current?: NflWeek,
): Generator<ProjectedWeek> {
  const next = nextWeekSlate(weeks, current);
  const total = weeks.length + (next ? 1 : 0);
  const walk = new ModelWalk(PPR);
  for (const [index, data] of weeks.entries()) {
    const projections = walk.project(data);
    walk.observe(data);
    yield { season: data.season, week: data.week, projections, done: index + 1, total };
  }
  if (next)
    yield { season: next.season, week: next.week, projections: walk.project(next), done: total, total };
}
