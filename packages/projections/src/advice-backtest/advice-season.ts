import { ModelWalk } from '../model/model-walk.js';
import { sortWeeks, type WeekData } from '../model/week-data.js';
import { byeWeeks, ROS_POSITIONS, type RosPosition } from '../rest-of-season/ros-backtest.js';
import { restOfSeasonWeeks, type RosWeek } from '../rest-of-season/ros-weeks.js';
import { scoreStatLine } from '../scoring/score-stat-line.js';
import { PPR } from '../scoring/scoring-rules.js';

/** The last regular-season week of the backtest's leagues (Sleeper's default: playoffs from week 15). */
export const LAST_REGULAR_WEEK = 14;

/** Our model's projection of one player for one week, made from the weeks before it only. */
export interface WeekProjection {
  id: string;
  name: string;
  position: RosPosition;
  team: string;
  opponent: string;
  mean: number;
  std: number;
  p10: number;
  p50: number;
  p90: number;
}

/**
 * One season as the advice backtest plays it: each week's projections (ours, walk-forward) and each week's actual
 * PPR points, over the regular-season weeks that have results.
 */
export interface AdviceSeason {
  season: number;
  /** Regular-season weeks with results, 1 … last. */
  weeks: number[];
  projections: ReadonlyMap<number, ReadonlyMap<string, WeekProjection>>;
  /** PPR points per week and player id; a player missing from a week scored 0 (did not play). */
  actual: ReadonlyMap<number, ReadonlyMap<string, number>>;
  /** Each NFL team's bye week. */
  byes: ReadonlyMap<string, number>;
}

const isRosPosition = (position: string): position is RosPosition =>
  (ROS_POSITIONS as readonly string[]).includes(position);

/**
 * Walks our model forward through every week of the data (each week projected from the earlier ones only, as
 * the weekly backtest does) and keeps the regular seasons of `seasons`.
 */
export function walkAdviceSeasons(weeks: readonly WeekData[], seasons: readonly number[]): AdviceSeason[] {
  const walk = new ModelWalk(PPR);
  const sorted = sortWeeks(weeks);
  const byes = byeWeeks(sorted);
  const out = new Map<number, AdviceSeason>();
  for (const week of sorted) {
    const { projections } = walk.projectWithFeatures(week);
    const isKept = seasons.includes(week.season) && week.week <= LAST_REGULAR_WEEK;
    const scored = isKept && week.actual ? actualPoints(week) : null;
    if (scored) {
      const season = out.get(week.season) ?? emptySeason(week.season, byes);
      const rows = new Map<string, WeekProjection>();
      for (const projection of projections) {
        if (!isRosPosition(projection.position)) continue;
        const id = String(projection.playerId);
        rows.set(id, {
          id,
          name: projection.name,
          position: projection.position,
          team: projection.team,
          opponent: projection.opponent,
          mean: projection.predMean,
          std: projection.predStd,
          p10: projection.p10,
          p50: projection.p50,
          p90: projection.p90,
        });
      }
      season.weeks.push(week.week);
      (season.projections as Map<number, Map<string, WeekProjection>>).set(week.week, rows);
      (season.actual as Map<number, Map<string, number>>).set(week.week, scored);
      out.set(week.season, season);
    }
    walk.observe(week);
  }
  return [...out.values()].map(contiguousWeeks);
}

function emptySeason(season: number, byes: ReadonlyMap<string, number>): AdviceSeason {
  const teams = new Map<string, number>();
  for (const [key, week] of byes) {
    const [year, team] = key.split('/');
    if (Number(year) === season && team) teams.set(team, week);
  }
  return { season, weeks: [], projections: new Map(), actual: new Map(), byes: teams };
}

/** The season up to its first week without results (a league cannot skip a week). */
function contiguousWeeks(season: AdviceSeason): AdviceSeason {
  const weeks: number[] = [];
  for (let week = 1; season.weeks.includes(week); week++) weeks.push(week);
  return { ...season, weeks };
}

/**
 * A week's PPR points per player id; null for a week whose result files list players but no stats (2022 weeks
 * 16–17 of the shared data).
 */
function actualPoints(week: WeekData): Map<string, number> | null {
  const points = new Map<string, number>();
  for (const line of week.actual ?? []) {
    if (isRosPosition(line.position))
      points.set(String(line.playerId), scoreStatLine(line, PPR, line.position));
  }
  return [...points.values()].some((value) => value > 0) ? points : null;
}

/**
 * What the rest-of-season tools know about players at week `week`: each one's expected points in every week
 * from `week` to the season's last, from his projection this week (restOfSeasonWeeks: bye, decay). A player
 * missing from this week's projections while his team plays is taken as ruled out this week, his last projection
 * after it; on his bye, his last projection with the bye at 0.
 */
export class SeasonView {
  readonly lastWeek: number;
  private readonly latest = new Map<string, WeekProjection>();
  private week = 0;

  constructor(readonly season: AdviceSeason) {
    this.lastWeek = season.weeks.at(-1) ?? 0;
  }

  /** Moves the view to `week` (weeks in order). */
  moveTo(week: number): void {
    for (let w = this.week; w < week; w++) {
      for (const [id, row] of this.season.projections.get(w) ?? []) this.latest.set(id, row);
    }
    this.week = week;
  }

  /** The players projected this week (the free agents are among them). */
  thisWeek(): ReadonlyMap<string, WeekProjection> {
    return this.season.projections.get(this.week) ?? new Map();
  }

  /** Players a team could pick up this week: those projected this week and those on their bye. */
  available(): string[] {
    const thisWeek = this.thisWeek();
    const ids = [...thisWeek.keys()];
    for (const [id, row] of this.latest) {
      if (!thisWeek.has(id) && this.season.byes.get(row.team) === this.week) ids.push(id);
    }
    return ids;
  }

  /** The player as last projected, this week or before; undefined when never. */
  projectionOf(id: string): WeekProjection | undefined {
    return this.thisWeek().get(id) ?? this.latest.get(id);
  }

  /** His expected points in each week from this one to the last (0s when never projected). */
  restOfSeason(id: string): RosWeek[] {
    const current = this.thisWeek().get(id);
    const row = current ?? this.latest.get(id);
    if (!row) return this.remainingWeeks().map((week) => ({ week, mean: 0, std: 0 }));
    const byeWeek = this.season.byes.get(row.team) ?? null;
    const isOut = !current && byeWeek !== this.week;
    return restOfSeasonWeeks(
      { position: row.position, mean: row.mean, std: row.std, byeWeek, injuryStatus: isOut ? 'Out' : null },
      this.week,
      this.lastWeek,
    );
  }

  /** His actual PPR points in each week from this one to the last. */
  actualRestOfSeason(id: string): number[] {
    return this.remainingWeeks().map((week) => this.season.actual.get(week)?.get(id) ?? 0);
  }

  remainingWeeks(): number[] {
    return this.season.weeks.filter((week) => week >= this.week);
  }
}
