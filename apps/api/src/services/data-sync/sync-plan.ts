import { regularSeasonWeeks } from '@fm/contract';
import type { SleeperNflState } from '../../integrations/sleeper/schemas.js';
import { weekKey, type NflWeekRef } from '../sync-record/sync-record.js';

/** One week to fetch: its stats, its projections, or both. */
export interface WeekTask {
  season: number;
  week: number;
  stats: boolean;
  projections: boolean;
  /**
   * The week is over: once fetched with data it is marked final and never fetched again. A live week
   * (being played, or still to come) is fetched on every run.
   */
  isFinal: boolean;
}

export interface SyncPlan {
  nflWeek: NflWeekRef;
  /** The week whose games are being played or come next; null out of the regular season. */
  currentWeek: { season: number; week: number } | null;
  /** Live weeks first (they are what people look at), then the history, oldest first. */
  tasks: WeekTask[];
}

export function nflWeekOf(state: SleeperNflState): NflWeekRef {
  return {
    season: Number(state.league_season || state.season),
    week: state.week,
    seasonType: state.season_type,
  };
}

/**
 * What a sync fetches, from the NFL state and what is already held: every week of the previous
 * season and the completed weeks of the current one that are not final yet (history for the model),
 * plus the current week's stats (points banked as games end) and the projections of the current and
 * next week, which change until kickoff.
 */
export function planSync(
  state: SleeperNflState,
  held: { finalStatWeeks: readonly string[]; finalProjectionWeeks: readonly string[] },
): SyncPlan {
  const nflWeek = nflWeekOf(state);
  const season = nflWeek.season;
  const previousSeason = Number(state.previous_season) || season - 1;
  const finalStats = new Set(held.finalStatWeeks);
  const finalProjections = new Set(held.finalProjectionWeeks);

  const completedThisSeason =
    nflWeek.seasonType === 'regular'
      ? Math.min(Math.max(nflWeek.week - 1, 0), regularSeasonWeeks(season))
      : nflWeek.seasonType === 'post'
        ? regularSeasonWeeks(season)
        : 0;
  const currentWeek =
    nflWeek.seasonType === 'regular' && nflWeek.week >= 1 && nflWeek.week <= regularSeasonWeeks(season)
      ? { season, week: nflWeek.week }
      : nflWeek.seasonType === 'pre'
        ? { season, week: 1 }
        : null;

  const live: WeekTask[] = [];
  if (currentWeek) {
    const hasStarted = nflWeek.seasonType === 'regular';
    live.push({ ...currentWeek, stats: hasStarted, projections: true, isFinal: false });
    if (hasStarted && currentWeek.week < regularSeasonWeeks(season)) {
      live.push({ season, week: currentWeek.week + 1, stats: false, projections: true, isFinal: false });
    }
  }

  const history: WeekTask[] = [];
  const addCompleted = (taskSeason: number, week: number) => {
    const key = weekKey(taskSeason, week);
    const task = {
      season: taskSeason,
      week,
      stats: !finalStats.has(key),
      projections: !finalProjections.has(key),
      isFinal: true,
    };
    if (task.stats || task.projections) history.push(task);
  };
  for (let week = 1; week <= regularSeasonWeeks(previousSeason); week++) addCompleted(previousSeason, week);
  for (let week = 1; week <= completedThisSeason; week++) addCompleted(season, week);

  return { nflWeek, currentWeek, tasks: [...live, ...history] };
}
