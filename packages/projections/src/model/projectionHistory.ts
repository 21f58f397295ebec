import type { ProjectedRow, WeeklyStatRow } from '../csv/parseNflcomCsv.js';
import { scoreStatLine } from '../scoring/scoreStatLine.js';
import { PPR, type ScoringRules } from '../scoring/scoringRules.js';
import { POSITIONS, STAT_KEYS, statLineOf, type Position } from '../stats/statLine.js';
import { buildFeatures, featureVector, LONG_WINDOW_GAMES, type FeatureName } from './features.js';
import { averageOf, lastGames, type GameRecord } from './gameLog.js';
import { nflcomPprEstimate } from './nflcomProjection.js';
import { weekOrdinal, type WeekData, type WeekSlate } from './weekData.js';

/** How many of NFL.com's top-ranked players per position set the week's projection scale. */
const TOP_RANKS_FOR_SCALE: Record<Position, number> = { QB: 12, RB: 24, WR: 36, TE: 12, K: 12, DEF: 12 };
/** Players NFL.com projects below this are mostly backups whose games say little about starters. */
export const MIN_TRAINING_PROJECTION = 2;

export interface PlayerWeekFeatures {
  row: ProjectedRow;
  /** NFL.com's projection in the model's scoring, or null if NFL.com published none. */
  nflcom: number | null;
  features: Record<FeatureName, number>;
  /** The player's games before this week, most recent last. */
  games: readonly GameRecord[];
}

export interface TrainingExample {
  season: number;
  week: number;
  features: number[];
  points: number;
}

export type TrainingSet = Record<Position, TrainingExample[]>;

/** A week's points by NFL.com's top-K ranked players, recorded to rescale later weeks' projections. */
type RankScaleHistory = Record<Position, number[]>;

/**
 * Everything the model knows after a sequence of completed weeks. Weeks must be fed in
 * order, and features can only be asked for a week after the last one observed: the
 * no-leakage rule is enforced here rather than trusted to callers.
 */
export class ProjectionHistory {
  readonly trainingSet: TrainingSet = emptyByPosition(() => []);
  private readonly gamesByPlayer = new Map<number, GameRecord[]>();
  private readonly allowedByDefense = new Map<string, number[]>();
  private readonly allowedByLeague = new Map<string, number[]>();
  private readonly rankScale: RankScaleHistory = emptyByPosition(() => []);
  private lastObserved = Number.NEGATIVE_INFINITY;

  constructor(private readonly rules: ScoringRules = PPR) {}

  /** Features for every player NFL.com lists in a week after the last observed one. */
  featuresFor(slate: WeekSlate): PlayerWeekFeatures[] {
    if (weekOrdinal(slate.season, slate.week) <= this.lastObserved) {
      throw new Error(
        `features for ${slate.season} week ${slate.week} asked after later results were observed`,
      );
    }
    const withEstimates = slate.projected.map((row) => {
      const games = this.gamesByPlayer.get(row.nflId) ?? [];
      const receptions = averageOf(lastGames(games, LONG_WINDOW_GAMES), 'receptions') ?? 0;
      return { row, games, nflcom: nflcomPprEstimate(row, this.rules, receptions) };
    });
    const ranks = rankWithinPosition(withEstimates);
    const scales = this.projectionScales(withEstimates, ranks);
    return withEstimates.map((entry, index) => {
      const nflcom = entry.nflcom ?? 0;
      return {
        ...entry,
        features: buildFeatures({
          season: slate.season,
          games: entry.games,
          nflcom,
          nflcomScaled: nflcom * scales[entry.row.position],
          nflcomRank: ranks[index] ?? 1,
          opponentAllowed: this.opponentAllowed(slate.season, entry.row.opponent, entry.row.position),
          isHome: entry.row.isHome,
        }),
      };
    });
  }

  /** Adds a completed week: players' games, points allowed, and training examples from its features. */
  observe(week: WeekData, weekFeatures?: readonly PlayerWeekFeatures[]): void {
    const ordinal = weekOrdinal(week.season, week.week);
    if (ordinal <= this.lastObserved)
      throw new Error(`${week.season} week ${week.week} observed out of order`);
    const features = weekFeatures ?? this.featuresFor(week);
    this.lastObserved = ordinal;
    if (!week.actual) return;
    const results = new Map<number, { line: WeeklyStatRow; points: number }>();
    for (const line of week.actual) {
      results.set(line.nflId, { line, points: scoreStatLine(line, this.rules, line.position) });
    }
    const nflcomById = new Map(features.map((entry) => [entry.row.nflId, entry.nflcom]));
    for (const { line, points } of results.values()) {
      if (!hasPlayed(line, points)) continue;
      this.appendGame(line, points, nflcomById.get(line.nflId) ?? null);
    }
    this.recordPointsAllowed(week.season, results.values());
    this.recordRankScale(features, results);
    for (const entry of features) {
      const result = results.get(entry.row.nflId);
      if (!result || !hasPlayed(result.line, result.points)) continue;
      if (entry.nflcom === null || entry.nflcom < MIN_TRAINING_PROJECTION) continue;
      this.trainingSet[entry.row.position].push({
        season: week.season,
        week: week.week,
        features: featureVector(entry.features, entry.row.position),
        points: result.points,
      });
    }
  }

  private appendGame(line: WeeklyStatRow, points: number, nflcomPoints: number | null): void {
    const games = this.gamesByPlayer.get(line.nflId) ?? [];
    games.push({
      season: line.season,
      week: line.week,
      points,
      receptions: line.rec,
      targets: line.targets,
      carries: line.carries,
      rzTargets: line.rzTargets,
      rzTouches: line.rzTouches,
      nflcomPoints,
      line: statLineOf(line),
    });
    this.gamesByPlayer.set(line.nflId, games);
  }

  private recordPointsAllowed(
    season: number,
    results: Iterable<{ line: WeeklyStatRow; points: number }>,
  ): void {
    const perGame = new Map<string, { defense: string; position: Position; points: number }>();
    for (const { line, points } of results) {
      const key = `${line.team}|${line.opponent}|${line.position}`;
      const game = perGame.get(key) ?? { defense: line.opponent, position: line.position, points: 0 };
      game.points += points;
      perGame.set(key, game);
    }
    for (const game of perGame.values()) {
      pushTo(this.allowedByDefense, `${season}|${game.defense}|${game.position}`, game.points);
      pushTo(this.allowedByLeague, `${season}|${game.position}`, game.points);
    }
  }

  private opponentAllowed(season: number, opponent: string, position: Position): number {
    const defense = this.allowedByDefense.get(`${season}|${opponent}|${position}`);
    const league = this.allowedByLeague.get(`${season}|${position}`);
    if (!defense || !league) return 0;
    const leagueMean = mean(league);
    return leagueMean > 0 ? mean(defense) / leagueMean - 1 : 0;
  }

  private recordRankScale(
    weekFeatures: readonly PlayerWeekFeatures[],
    results: Map<number, { line: WeeklyStatRow; points: number }>,
  ): void {
    const ranks = rankWithinPosition(weekFeatures);
    for (const position of POSITIONS) {
      const points: number[] = [];
      weekFeatures.forEach((entry, index) => {
        const result = results.get(entry.row.nflId);
        if (entry.row.position !== position || (ranks[index] ?? Infinity) > TOP_RANKS_FOR_SCALE[position])
          return;
        if (result && hasPlayed(result.line, result.points)) points.push(result.points);
      });
      if (points.length > 0) this.rankScale[position].push(mean(points));
    }
  }

  /**
   * NFL.com changed how boldly it projects between seasons (its 2024 top-12 QBs were
   * projected ~2 points lower than in 2021–2023 for the same output). Dividing what
   * top-ranked players have scored by what this week's top-ranked are projected gives a
   * factor that undoes such a shift from the first week it appears.
   */
  private projectionScales(
    entries: readonly { row: ProjectedRow; nflcom: number | null }[],
    ranks: readonly number[],
  ): Record<Position, number> {
    return emptyByPosition((position) => {
      const history = this.rankScale[position];
      const projected = entries
        .filter(
          (entry, index) =>
            entry.row.position === position && (ranks[index] ?? Infinity) <= TOP_RANKS_FOR_SCALE[position],
        )
        .map((entry) => entry.nflcom ?? 0);
      const projectedMean = projected.length > 0 ? mean(projected) : 0;
      return history.length > 0 && projectedMean > 0 ? mean(history) / projectedMean : 1;
    });
  }
}

/** A game counts as played when the line records anything at all. */
function hasPlayed(line: WeeklyStatRow, points: number): boolean {
  return points !== 0 || STAT_KEYS.some((key) => line[key] !== 0);
}

/** 1-based rank of each entry's NFL.com projection among its position (no projection ranks last). */
function rankWithinPosition(entries: readonly { row: ProjectedRow; nflcom: number | null }[]): number[] {
  const ranks = new Array<number>(entries.length).fill(1);
  for (const position of POSITIONS) {
    const indices = entries
      .map((_, index) => index)
      .filter((index) => entries[index]?.row.position === position);
    indices.sort((a, b) => (entries[b]?.nflcom ?? -1) - (entries[a]?.nflcom ?? -1));
    indices.forEach((entryIndex, rank) => (ranks[entryIndex] = rank + 1));
  }
  return ranks;
}

function emptyByPosition<T>(make: (position: Position) => T): Record<Position, T> {
  return Object.fromEntries(POSITIONS.map((position) => [position, make(position)])) as Record<Position, T>;
}

function pushTo(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}
