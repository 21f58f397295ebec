import { roundPoints } from '@fm/projections';
import type { FantasyPoints } from './fantasy-points.js';
import type { WeekLine } from './week-line.js';
import { emptyStats, STAT_COLUMNS, type StatValues } from './stat-columns.js';

/** Team usage a player's share is measured against, summed over the same team-weeks. */
const TEAM_USAGE_COLUMNS = ['targets', 'carries', 'touches', 'rz_targets', 'rz_touches'] as const;
type TeamUsage = Record<(typeof TEAM_USAGE_COLUMNS)[number], number> & { extra: Record<string, number> };

/** Per-team, per-week totals of a season: `${team}:${week}` → usage. */
export type TeamWeekTotals = Map<string, TeamUsage>;

export function teamWeekTotals(lines: WeekLine[]): TeamWeekTotals {
  const totals: TeamWeekTotals = new Map();
  for (const line of lines) {
    const key = `${line.team}:${line.week}`;
    let usage = totals.get(key);
    if (!usage) {
      usage = { targets: 0, carries: 0, touches: 0, rz_targets: 0, rz_touches: 0, extra: {} };
      totals.set(key, usage);
    }
    for (const column of TEAM_USAGE_COLUMNS) usage[column] += line.stats[column];
    if (line.extra) addInto(usage.extra, line.extra);
  }
  return totals;
}

/** A player's games (one or many) and the team usage of the same team-weeks. */
export interface UsageSample {
  games: number;
  stats: StatValues;
  extra: Record<string, number>;
  points: FantasyPoints;
  weeklyPpr: number[];
  team: TeamUsage;
}

export function usageSample(lines: WeekLine[], totals: TeamWeekTotals): UsageSample {
  const sample: UsageSample = {
    games: 0,
    stats: emptyStats(),
    extra: {},
    points: { ppr: 0, half_ppr: 0, standard: 0 },
    weeklyPpr: [],
    team: { targets: 0, carries: 0, touches: 0, rz_targets: 0, rz_touches: 0, extra: {} },
  };
  for (const line of lines) {
    if (!line.hasPlayed) continue;
    sample.games += 1;
    for (const column of STAT_COLUMNS) sample.stats[column] += line.stats[column];
    if (line.extra) addInto(sample.extra, line.extra);
    sample.points.ppr += line.points.ppr;
    sample.points.half_ppr += line.points.half_ppr;
    sample.points.standard += line.points.standard;
    sample.weeklyPpr.push(line.points.ppr);
    const team = totals.get(`${line.team}:${line.week}`);
    if (!team) continue;
    for (const column of TEAM_USAGE_COLUMNS) sample.team[column] += team[column];
    addInto(sample.team.extra, team.extra);
  }
  return sample;
}

/**
 * Usage and efficiency figures computed from the stats. A ratio with a zero denominator is
 * null; figures that need data NFL.com does not publish (air yards, routes, snaps) appear only
 * when an import supplied those columns, and are otherwise absent.
 */
export function advancedMetrics(sample: UsageSample): Record<string, number | null> {
  const { stats, team, extra, points } = sample;
  const yards = stats.rush_yd + stats.rec_yd;
  const metrics: Record<string, number | null> = {
    games: sample.games,
    fantasy_points_ppr: roundPoints(points.ppr),
    points_per_game: ratio(points.ppr, sample.games),
    points_std_dev: standardDeviation(sample.weeklyPpr),
    opportunities: stats.carries + stats.targets,
    target_share: ratio(stats.targets, team.targets, 4),
    rush_share: ratio(stats.carries, team.carries, 4),
    touch_share: ratio(stats.touches, team.touches, 4),
    red_zone_target_share: ratio(stats.rz_targets, team.rz_targets, 4),
    red_zone_touch_share: ratio(stats.rz_touches, team.rz_touches, 4),
    catch_rate: ratio(stats.rec, stats.targets, 4),
    yards_per_target: ratio(stats.rec_yd, stats.targets),
    yards_per_reception: ratio(stats.rec_yd, stats.rec),
    yards_per_carry: ratio(stats.rush_yd, stats.carries),
    yards_per_touch: ratio(yards, stats.touches),
    points_per_touch: ratio(points.ppr, stats.touches),
    points_per_target: ratio(points.ppr, stats.targets),
    points_per_opportunity: ratio(points.ppr, stats.carries + stats.targets),
    touchdown_rate: ratio(stats.rush_td + stats.rec_td, stats.touches, 4),
  };
  if (extra.air_yards !== undefined) {
    const airYardsShare = ratio(extra.air_yards, team.extra.air_yards ?? 0, 4);
    const targetShare = metrics.target_share ?? null;
    metrics.air_yards = extra.air_yards;
    metrics.air_yards_share = airYardsShare;
    metrics.average_depth_of_target = ratio(extra.air_yards, stats.targets);
    metrics.racr = ratio(stats.rec_yd, extra.air_yards);
    // Weighted opportunity rating (Josh Hermsmeyer): 1.5 × target share + 0.7 × air-yards share.
    metrics.wopr =
      targetShare !== null && airYardsShare !== null
        ? round(1.5 * targetShare + 0.7 * airYardsShare, 4)
        : null;
  }
  if (extra.routes !== undefined) {
    metrics.routes = extra.routes;
    metrics.yards_per_route_run = ratio(stats.rec_yd, extra.routes);
    metrics.targets_per_route_run = ratio(stats.targets, extra.routes, 4);
  }
  if (extra.snaps !== undefined) {
    metrics.snaps = extra.snaps;
    metrics.points_per_snap = ratio(points.ppr, extra.snaps);
    if (extra.team_snaps !== undefined) metrics.snap_share = ratio(extra.snaps, extra.team_snaps, 4);
  }
  return metrics;
}

function addInto(target: Record<string, number>, source: Record<string, number>): void {
  for (const [key, value] of Object.entries(source)) target[key] = (target[key] ?? 0) + value;
}

function ratio(numerator: number, denominator: number, digits = 2): number | null {
  return denominator > 0 ? round(numerator / denominator, digits) : null;
}

function standardDeviation(values: number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1);
  return round(Math.sqrt(variance));
}

function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
