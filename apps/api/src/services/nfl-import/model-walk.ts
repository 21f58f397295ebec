import {
  ProjectionHistory,
  PPR,
  projectWeek,
  trainModel,
  type PlayerProjection,
  type ProjectedRow,
  type ProjectionModel,
  type WeekData,
  type WeekSlate,
} from '@fm/projections';

/** The regular season's last week: there is no "next week" after it. */
export const LAST_REGULAR_SEASON_WEEK = 18;
/** Players listed in these last slates get a projection for the week after the last one imported. */
const RECENT_SLATES_FOR_NEXT_WEEK = 2;
/** The model reads home/away as 0/1; for a week whose schedule we do not have, neither. */
const UNKNOWN_HOME_AWAY = 0.5;

export interface ProjectedWeek {
  season: number;
  week: number;
  /** False for the week after the last imported one: its opponents are not known. */
  isScheduleKnown: boolean;
  projections: PlayerProjection[];
  /** Weeks projected so far (this one included), and how many there are. */
  done: number;
  total: number;
}

/**
 * The slate of the week after the last imported one, before NFL.com has published it: the
 * players of the last slates with their latest NFL.com figure carried forward, opponent unknown.
 */
export function nextWeekSlate(weeks: readonly WeekData[]): WeekSlate | null {
  const last = weeks[weeks.length - 1];
  if (!last || last.actual === null || last.week >= LAST_REGULAR_SEASON_WEEK) return null;
  const latest = new Map<number, ProjectedRow>();
  for (const week of weeks.slice(-RECENT_SLATES_FOR_NEXT_WEEK)) {
    if (week.season !== last.season) continue;
    for (const row of week.projected) latest.set(row.nflId, row);
  }
  const projected = [...latest.values()].map((row) => ({
    ...row,
    week: last.week + 1,
    opponent: '',
    isHome: true,
  }));
  return { season: last.season, week: last.week + 1, projected };
}

/**
 * Our model's projections for every week, walking forward: each week is projected by a model
 * trained only on the weeks before it, then its results are revealed. Then the week after the
 * last one, if the season goes on. Yields one week at a time so they can be written meanwhile.
 */
export function* walkForwardProjections(weeks: readonly WeekData[]): Generator<ProjectedWeek> {
  const next = nextWeekSlate(weeks);
  const total = weeks.length + (next ? 1 : 0);
  const history = new ProjectionHistory(PPR);
  let model: ProjectionModel | undefined;
  const project = (slate: WeekSlate, isScheduleKnown: boolean, done: number) => {
    const features = history.featuresFor(slate);
    if (!isScheduleKnown) for (const entry of features) entry.features.isHome = UNKNOWN_HOME_AWAY;
    model = trainModel(history.trainingSet, model);
    const week: ProjectedWeek = {
      season: slate.season,
      week: slate.week,
      isScheduleKnown,
      projections: projectWeek(model, features),
      done,
      total,
    };
    return { week, features };
  };
  for (const [index, data] of weeks.entries()) {
    const { week, features } = project(data, true, index + 1);
    history.observe(data, features);
    yield week;
  }
  if (next) yield project(next, false, total).week;
}
