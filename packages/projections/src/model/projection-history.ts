import { scoreStatLine } from '../scoring/score-stat-line.js';
import { PPR, type ScoringRules } from '../scoring/scoring-rules.js';
import { POSITIONS, STAT_KEYS, statLineOf, type Position } from '../stats/stat-line.js';
import { consensusOf, expertPointsOf, type ExpertPoints } from './experts.js';
import { buildFeatures, LONG_WINDOW_GAMES, type Features } from './features.js';
import { averageOf, lastGames, type GameRecord } from './game-log.js';
import {
  EXPERTS,
  weekOrdinal,
  type Expert,
  type ResultRow,
  type SlateRow,
  type WeekData,
  type WeekSlate,
} from './week-data.js';

/** How many of an expert's top-ranked players per position set the week's projection scale. */
const TOP_RANKS_FOR_SCALE: Record<Position, number> = { QB: 12, RB: 24, WR: 36, TE: 12, K: 12, DEF: 12 };
/** Players the experts project below this are mostly backups whose games say little about starters. */
export const MIN_TRAINING_PROJECTION = 2;

export interface PlayerWeekFeatures {
  row: SlateRow;
  /** Each expert's projection in the model's scoring (null where it published none). */
  experts: ExpertPoints;
  /** The experts' average, or null when none projected the player. */
  consensus: number | null;
  features: Features;
  /** The player's games before this week, most recent last. */
  games: readonly GameRecord[];
}

export interface TrainingExample {
  season: number;
  week: number;
  features: Features;
  points: number;
}

export type TrainingSet = Record<Position, TrainingExample[]>;

interface Result {
  line: ResultRow;
  points: number;
}

/**
 * Everything the model knows after a sequence of completed weeks. Weeks must be fed in
 * order, and features can only be asked for a week after the last one observed: the
 * no-leakage rule is enforced here rather than trusted to callers.
 */
export class ProjectionHistory {
  readonly trainingSet: TrainingSet = byPosition(() => []);
  private readonly gamesByPlayer = new Map<number, GameRecord[]>();
  private readonly allowedByDefense = new Map<string, number[]>();
  private readonly allowedByLeague = new Map<string, number[]>();
  private readonly scoredByOffense = new Map<string, number[]>();
  private readonly scoredByLeague = new Map<string, number[]>();
  /** Per expert and position: each week's mean points of the players it ranked on top. */
  private readonly rankScale: Record<Expert, Record<Position, number[]>> = byExpert(() =>
    byPosition(() => []),
  );
  private lastObserved = Number.NEGATIVE_INFINITY;

  constructor(readonly rules: ScoringRules = PPR) {}

  /** Features for every player on the slate of a week after the last observed one. */
  featuresFor(slate: WeekSlate): PlayerWeekFeatures[] {
    if (weekOrdinal(slate.season, slate.week) <= this.lastObserved) {
      throw new Error(
        `features for ${slate.season} week ${slate.week} asked after later results were observed`,
      );
    }
    const entries = slate.slate.map((row) => {
      const games = this.gamesByPlayer.get(row.playerId) ?? [];
      const receptions = averageOf(lastGames(games, LONG_WINDOW_GAMES), 'receptions') ?? 0;
      const experts = expertPointsOf(row, this.rules, receptions);
      return { row, games, experts, consensus: consensusOf(experts) };
    });
    const ranks = rankWithinPosition(entries, (entry) => entry.consensus);
    const scales = byExpert((expert) => this.projectionScales(entries, expert));
    return entries.map((entry, index) => {
      const { row } = entry;
      const isScheduleKnown = row.opponent !== '';
      return {
        ...entry,
        features: buildFeatures({
          season: slate.season,
          games: entry.games,
          experts: entry.experts,
          consensus: entry.consensus ?? 0,
          scales: byExpert((expert) => scales[expert][row.position]),
          consensusRank: ranks[index] ?? 1,
          opponentAllowed: this.opponentAllowed(slate.season, row.opponent, row.position),
          opponentPointsScored: relativeToLeague(
            this.scoredByOffense.get(`${slate.season}|${row.opponent}`),
            this.scoredByLeague.get(String(slate.season)),
          ),
          isHome: isScheduleKnown ? row.isHome : null,
        }),
      };
    });
  }

  /** Adds a week: players' games, points allowed and scored, and training examples from its features. */
  observe(week: WeekData, weekFeatures?: readonly PlayerWeekFeatures[]): void {
    const ordinal = weekOrdinal(week.season, week.week);
    if (ordinal <= this.lastObserved)
      throw new Error(`${week.season} week ${week.week} observed out of order`);
    const features = weekFeatures ?? this.featuresFor(week);
    this.lastObserved = ordinal;
    if (!week.actual) return;
    const results = new Map<number, Result>();
    for (const line of week.actual) {
      results.set(line.playerId, { line, points: scoreStatLine(line, this.rules, line.position) });
    }
    const expertsById = new Map(features.map((entry) => [entry.row.playerId, entry.experts]));
    for (const { line, points } of results.values()) {
      if (!hasPlayed(line)) continue;
      this.appendGame(line, points, expertsById.get(line.playerId) ?? noExperts());
    }
    this.recordPointsAllowed(week.season, results.values());
    this.recordPointsScored(week.season, results.values());
    this.recordRankScales(features, results);
    for (const entry of features) {
      const result = results.get(entry.row.playerId);
      if (!result || !hasPlayed(result.line)) continue;
      if (entry.consensus === null || entry.consensus < MIN_TRAINING_PROJECTION) continue;
      this.trainingSet[entry.row.position].push({
        season: week.season,
        week: week.week,
        features: entry.features,
        points: result.points,
      });
    }
  }

  /** A result's points in the history's scoring. */
  pointsOf(line: ResultRow): number {
    return scoreStatLine(line, this.rules, line.position);
  }

  private appendGame(line: ResultRow, points: number, expertPoints: ExpertPoints): void {
    const games = this.gamesByPlayer.get(line.playerId) ?? [];
    games.push({
      season: line.season,
      week: line.week,
      points,
      receptions: line.rec,
      targets: line.targets,
      carries: line.carries,
      rzTargets: line.rzTargets,
      rzTouches: line.rzTouches,
      expertPoints,
      line: statLineOf(line),
    });
    this.gamesByPlayer.set(line.playerId, games);
  }

  private recordPointsAllowed(season: number, results: Iterable<Result>): void {
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

  /** A defense's points allowed are its opponent's points scored: the offense strength a defense faces. */
  private recordPointsScored(season: number, results: Iterable<Result>): void {
    for (const { line } of results) {
      if (line.position !== 'DEF' || !hasPlayed(line)) continue;
      pushTo(this.scoredByOffense, `${season}|${line.opponent}`, line.ptsAllowed);
      pushTo(this.scoredByLeague, String(season), line.ptsAllowed);
    }
  }

  private opponentAllowed(season: number, opponent: string, position: Position): number {
    return relativeToLeague(
      this.allowedByDefense.get(`${season}|${opponent}|${position}`),
      this.allowedByLeague.get(`${season}|${position}`),
    );
  }

  private recordRankScales(weekFeatures: readonly PlayerWeekFeatures[], results: Map<number, Result>): void {
    for (const expert of EXPERTS) {
      const ranks = rankWithinPosition(weekFeatures, (entry) => entry.experts[expert]);
      for (const position of POSITIONS) {
        const points: number[] = [];
        weekFeatures.forEach((entry, index) => {
          if (entry.row.position !== position || entry.experts[expert] === null) return;
          if ((ranks[index] ?? Infinity) > TOP_RANKS_FOR_SCALE[position]) return;
          const result = results.get(entry.row.playerId);
          if (result && hasPlayed(result.line)) points.push(result.points);
        });
        if (points.length > 0) this.rankScale[expert][position].push(mean(points));
      }
    }
  }

  /**
   * Experts change how boldly they project between seasons (NFL.com's 2024 top-12 QBs were
   * projected ~2 points lower than in 2021–2023 for the same output). Dividing what top-ranked
   * players have scored by what this week's top-ranked are projected gives a factor that undoes
   * such a shift from the first week it appears.
   */
  private projectionScales(
    entries: readonly { row: SlateRow; experts: ExpertPoints }[],
    expert: Expert,
  ): Record<Position, number> {
    const ranks = rankWithinPosition(entries, (entry) => entry.experts[expert]);
    return byPosition((position) => {
      const history = this.rankScale[expert][position];
      const projected: number[] = [];
      entries.forEach((entry, index) => {
        const value = entry.experts[expert];
        if (entry.row.position !== position || value === null) return;
        if ((ranks[index] ?? Infinity) <= TOP_RANKS_FOR_SCALE[position]) projected.push(value);
      });
      const projectedMean = projected.length > 0 ? mean(projected) : 0;
      return history.length > 0 && projectedMean > 0 ? mean(history) / projectedMean : 1;
    });
  }
}

/** A game counts as played when the line records anything at all. */
export function hasPlayed(line: ResultRow): boolean {
  return STAT_KEYS.some((key) => line[key] !== 0);
}

/** 1-based rank of each entry's value among its position (no value ranks last). */
function rankWithinPosition<T extends { row: SlateRow }>(
  entries: readonly T[],
  valueOf: (entry: T) => number | null,
): number[] {
  const ranks = new Array<number>(entries.length).fill(1);
  for (const position of POSITIONS) {
    const indices = entries
      .map((_, index) => index)
      .filter((index) => entries[index]?.row.position === position);
    const value = (index: number) => {
      const entry = entries[index];
      return entry ? (valueOf(entry) ?? -1) : -1;
    };
    indices.sort((a, b) => value(b) - value(a));
    indices.forEach((entryIndex, rank) => (ranks[entryIndex] = rank + 1));
  }
  return ranks;
}

function relativeToLeague(values: number[] | undefined, league: number[] | undefined): number {
  if (!values || !league) return 0;
  const leagueMean = mean(league);
  return leagueMean > 0 ? mean(values) / leagueMean - 1 : 0;
}

function noExperts(): ExpertPoints {
  return byExpert(() => null);
}

export function byPosition<T>(make: (position: Position) => T): Record<Position, T> {
  return Object.fromEntries(POSITIONS.map((position) => [position, make(position)])) as Record<Position, T>;
}

function byExpert<T>(make: (expert: Expert) => T): Record<Expert, T> {
  return Object.fromEntries(EXPERTS.map((expert) => [expert, make(expert)])) as Record<Expert, T>;
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
