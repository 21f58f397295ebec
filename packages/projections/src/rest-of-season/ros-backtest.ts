import { byeWeeks as scheduleByeWeeks, FREE_AGENT_TEAM } from '@fm/engine';
import { MIN_EXPERT_PROJECTION } from '../backtest/walk-forward.js';
import { ModelWalk } from '../model/model-walk.js';
import { normalPercentiles } from '../model/normal-percentiles.js';
import { sortWeeks, type WeekData } from '../model/week-data.js';
import { scoreStatLine } from '../scoring/score-stat-line.js';
import { PPR } from '../scoring/scoring-rules.js';
import type { Position } from '../stats/stat-line.js';
import { decayedProjection, ROS_DECAY, restOfSeasonWeeksWith, type RosDecay } from './ros-weeks.js';

/** How many weeks ahead the table looks: a projection made for week w is scored against w+1 … w+4. */
export const ROS_HORIZONS = [1, 2, 3, 4] as const;
/**
 * How many weeks ahead the decay is fitted on: rest-of-season weeks reach far past the table's 4 (the data's
 * 17-week seasons leave few projections scored further than 12 weeks out).
 */
export const ROS_FIT_HORIZON = 12;
/** The positions the shared data covers (no team defenses). */
export const ROS_POSITIONS = ['QB', 'RB', 'WR', 'TE', 'K'] as const satisfies readonly Position[];
export type RosPosition = (typeof ROS_POSITIONS)[number];

/** One projection made at `week` for `week` (horizon 0) or a later week, and what the player then scored. */
export interface RosSample {
  season: number;
  /** The week the projection was made for, from the data through the week before. */
  week: number;
  horizon: number;
  position: RosPosition;
  playerId: number;
  mean: number;
  std: number;
  /** His team's bye week as the schedule showed it at `week` (null when it falls outside the data). */
  byeWeek: number | null;
  /** PPR points in week + horizon; 0 when he did not play (hurt, benched, released). */
  actual: number;
}

/**
 * Walks the model forward through `weeks` (each week projected from the earlier ones only, as the weekly
 * backtest does) and pairs every projection of `seasons` for a player the experts put at ≥ 5 points with what
 * he scored that week and each of the `maxHorizon` weeks after it that has results. Target weeks that were his
 * team's bye are kept (byeWeek tells them apart).
 */
export function collectRosSamples(
  weeks: readonly WeekData[],
  seasons: readonly number[],
  maxHorizon: number = ROS_FIT_HORIZON,
): RosSample[] {
  const walk = new ModelWalk(PPR);
  const sorted = sortWeeks(weeks);
  const projected: Omit<RosSample, 'horizon' | 'actual' | 'byeWeek'>[] = [];
  const teamOf = new Map<string, string>();
  for (const week of sorted) {
    const { projections, features } = walk.projectWithFeatures(week);
    if (seasons.includes(week.season)) {
      projections.forEach((projection, index) => {
        const consensus = features[index]?.consensus ?? null;
        if (consensus === null || consensus < MIN_EXPERT_PROJECTION || !isRosPosition(projection.position))
          return;
        teamOf.set(`${week.season}/${week.week}/${projection.playerId}`, projection.team);
        projected.push({
          season: week.season,
          week: week.week,
          position: projection.position,
          playerId: projection.playerId,
          mean: projection.predMean,
          std: projection.predStd,
        });
      });
    }
    walk.observe(week);
  }
  const points = actualPoints(sorted);
  const byes = byeWeeks(sorted);
  const samples: RosSample[] = [];
  for (const projection of projected) {
    const team = teamOf.get(`${projection.season}/${projection.week}/${projection.playerId}`) ?? '';
    const byeWeek = byes.get(`${projection.season}/${team}`) ?? null;
    for (let horizon = 0; horizon <= maxHorizon; horizon += 1) {
      const scored = points.get(`${projection.season}/${projection.week + horizon}`);
      if (!scored) break;
      samples.push({ ...projection, horizon, byeWeek, actual: scored.get(projection.playerId) ?? 0 });
    }
  }
  return samples;
}

function isRosPosition(position: Position): position is RosPosition {
  return (ROS_POSITIONS as readonly Position[]).includes(position);
}

/**
 * Per "season/week" with results, each player's PPR points. A week whose result files list players but no
 * stats (2022 weeks 16–17 of the shared data) has no results.
 */
function actualPoints(weeks: readonly WeekData[]): Map<string, Map<number, number>> {
  const points = new Map<string, Map<number, number>>();
  for (const week of weeks) {
    if (!week.actual) continue;
    const scored = new Map(
      week.actual.map((line) => [line.playerId, scoreStatLine(line, PPR, line.position)]),
    );
    if ([...scored.values()].some((value) => value > 0)) points.set(`${week.season}/${week.week}`, scored);
  }
  return points;
}

/**
 * Per "season/team", the week its team had no game: the data drops bye rows, so it is the week of the
 * season's data in which the team neither plays nor is anyone's opponent (the engine's rule for a schedule).
 */
export function byeWeeks(weeks: readonly WeekData[]): Map<string, number> {
  const gamesBySeason = new Map<number, { week: number; homeTeam: string; awayTeam: string }[]>();
  for (const week of weeks) {
    const games = gamesBySeason.get(week.season) ?? [];
    for (const row of week.slate) {
      if (row.team && row.opponent && row.team !== FREE_AGENT_TEAM)
        games.push({ week: week.week, homeTeam: row.team, awayTeam: row.opponent });
    }
    gamesBySeason.set(week.season, games);
  }
  const byes = new Map<string, number>();
  for (const [season, games] of gamesBySeason) {
    for (const [team, week] of scheduleByeWeeks(games)) byes.set(`${season}/${team}`, week);
  }
  return byes;
}

/** One cell of the table: a position at a horizon. */
export interface RosErrorCell {
  position: RosPosition;
  horizon: number;
  /** Player-weeks scored (target weeks that were his bye are left out: both methods know the schedule). */
  rows: number;
  /** MAE of restOfSeasonWeeks' mean. */
  mae: number;
  /** MAE of the naive projection: this week's mean, unchanged. */
  naiveMae: number;
  /** Share of actual scores inside restOfSeasonWeeks' normal 10th–90th percentile range (80% is calibrated). */
  coverage: number;
}

/** MAE per position and horizon of restOfSeasonWeeks (with `decay`) and of the naive projection. */
export function rosErrorTable(
  samples: readonly RosSample[],
  decay: Readonly<Record<RosPosition, RosDecay>> = ROS_DECAY,
  horizons: readonly number[] = [0, ...ROS_HORIZONS],
): RosErrorCell[] {
  const cells: RosErrorCell[] = [];
  for (const position of ROS_POSITIONS) {
    for (const horizon of horizons) {
      let rows = 0;
      let error = 0;
      let naiveError = 0;
      let covered = 0;
      for (const sample of samples) {
        if (sample.position !== position || sample.horizon !== horizon || isByeTarget(sample)) continue;
        const { mean, std } = rosWeek(sample, decay[position]);
        const { p10, p90 } = normalPercentiles(mean, std);
        rows += 1;
        error += Math.abs(mean - sample.actual);
        naiveError += Math.abs(sample.mean - sample.actual);
        if (sample.actual >= p10 && sample.actual <= p90) covered += 1;
      }
      if (rows === 0) continue;
      cells.push({
        position,
        horizon,
        rows,
        mae: error / rows,
        naiveMae: naiveError / rows,
        coverage: covered / rows,
      });
    }
  }
  return cells;
}

function isByeTarget(sample: RosSample): boolean {
  return sample.byeWeek === sample.week + sample.horizon;
}

/** restOfSeasonWeeks' figure for the sample's target week, with the given decay for its position. */
function rosWeek(sample: RosSample, decay: RosDecay): { mean: number; std: number } {
  const player = {
    position: sample.position,
    mean: sample.mean,
    std: sample.std,
    byeWeek: sample.byeWeek,
    injuryStatus: null,
  };
  const weeks = restOfSeasonWeeksWith(player, sample.week, sample.week + sample.horizon, {
    [sample.position]: decay,
  });
  return weeks[weeks.length - 1]!;
}

/** The grids `keep` and `widen` are fitted on (share and target have a closed form for each `keep`). */
const KEEP_GRID = grid(0, 1, 0.005);
const WIDEN_GRID = grid(0, 0.6, 0.005);
/** The share of actual scores a 10th–90th percentile range should hold. */
const CALIBRATED_COVERAGE = 0.8;

function grid(from: number, to: number, step: number): number[] {
  const count = Math.round((to - from) / step);
  return Array.from({ length: count + 1 }, (_, i) => Math.round((from + i * step) * 10_000) / 10_000);
}

/**
 * Per position, the decay that fits the samples 1 to ROS_FIT_HORIZON weeks ahead best: `keep`, `share` and
 * `target` by least squares (so the decayed mean stays an expected value, which season simulations and
 * rest-of-season sums need; MAE would pull it toward the median), then `widen` whose 10th–90th percentile
 * ranges hold the actual score closest to 80% of the time (squared gaps summed over the horizons).
 */
export function fitRosDecay(samples: readonly RosSample[]): Record<RosPosition, RosDecay> {
  const fitted = {} as Record<RosPosition, RosDecay>;
  for (const position of ROS_POSITIONS) {
    const rows = samples.filter(
      (sample) =>
        sample.position === position &&
        sample.horizon > 0 &&
        sample.horizon <= ROS_FIT_HORIZON &&
        !isByeTarget(sample),
    );
    if (rows.length === 0) {
      fitted[position] = ROS_DECAY[position];
      continue;
    }
    let best = { decay: ROS_DECAY[position], error: Number.POSITIVE_INFINITY };
    for (const keep of KEEP_GRID) {
      for (const { share, target } of longRunCandidates(rows, keep)) {
        const decay = { keep, share: round3(share), target: round3(target), widen: 0 };
        const error = rows.reduce(
          (sum, sample) => sum + (decayedOf(sample, decay).mean - sample.actual) ** 2,
          0,
        );
        if (error < best.error - 1e-9) best = { decay, error };
      }
    }
    const horizons = [...new Set(rows.map((sample) => sample.horizon))];
    let widenBest = { widen: 0, gap: Number.POSITIVE_INFINITY };
    for (const widen of WIDEN_GRID) {
      const decay = { ...best.decay, widen };
      const gap = horizons.reduce((sum, horizon) => {
        const atHorizon = rows.filter((sample) => sample.horizon === horizon);
        const covered = atHorizon.filter((sample) => isCovered(sample, decay)).length;
        return sum + (covered / atHorizon.length - CALIBRATED_COVERAGE) ** 2;
      }, 0);
      if (gap < widenBest.gap - 1e-12) widenBest = { widen, gap };
    }
    fitted[position] = { ...best.decay, widen: widenBest.widen };
  }
  return fitted;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * For a given keep, the decayed mean is keep^h·m + (1 − keep^h)·(share·m + c) with c = (1 − share)·target:
 * linear in share and c, so least squares has a closed form. Candidates: that solution when 0 ≤ share < 1 and
 * target ≥ 0, else the best with target 0 and the best with share 0 (each clamped to its range).
 */
function longRunCandidates(rows: readonly RosSample[], keep: number): { share: number; target: number }[] {
  // Sums for the normal equations of residual y = actual − kept·m on x1 = (1 − kept)·m and x2 = 1 − kept.
  let s11 = 0;
  let s12 = 0;
  let s22 = 0;
  let s1y = 0;
  let s2y = 0;
  for (const sample of rows) {
    const kept = keep ** sample.horizon;
    const x1 = (1 - kept) * sample.mean;
    const x2 = 1 - kept;
    const y = sample.actual - kept * sample.mean;
    s11 += x1 * x1;
    s12 += x1 * x2;
    s22 += x2 * x2;
    s1y += x1 * y;
    s2y += x2 * y;
  }
  if (s22 === 0) return [{ share: 1, target: 0 }];
  const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
  const candidates = [
    { share: clamp(s1y / s11, 0, 1), target: 0 },
    { share: 0, target: Math.max(0, s2y / s22) },
  ];
  const determinant = s11 * s22 - s12 * s12;
  if (determinant > 0) {
    const share = (s1y * s22 - s12 * s2y) / determinant;
    const c = (s11 * s2y - s12 * s1y) / determinant;
    if (share >= 0 && share < 1 && c >= 0) candidates.push({ share, target: c / (1 - share) });
  }
  return candidates;
}

function decayedOf(sample: RosSample, decay: RosDecay): { mean: number; std: number } {
  return decayedProjection(sample.position, sample.mean, sample.std, sample.horizon, {
    [sample.position]: decay,
  });
}

function isCovered(sample: RosSample, decay: RosDecay): boolean {
  const { mean, std } = decayedOf(sample, decay);
  const { p10, p90 } = normalPercentiles(mean, std);
  return sample.actual >= p10 && sample.actual <= p90;
}
