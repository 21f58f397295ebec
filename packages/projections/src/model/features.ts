import type { Position } from '../stats/statLine.js';
import { averageOf, gamesOfSeason, lastGames, type GameRecord } from './gameLog.js';

/** Windows of recent form: a short trend window and a longer usage window. */
export const SHORT_WINDOW_GAMES = 3;
export const LONG_WINDOW_GAMES = 8;
export const RESIDUAL_WINDOW_GAMES = 17;
/** Prior games' worth of zero residual: shrinks a player's record against NFL.com toward none. */
const RESIDUAL_SHRINKAGE_GAMES = 4;

export const FEATURE_NAMES = [
  'nflcom',
  'nflcomScaled',
  'nflcomLogRank',
  'seasonAvg',
  'noSeasonGames',
  'last3Avg',
  'last8Avg',
  'noRecentGames',
  'prevSeasonAvg',
  'noPrevSeason',
  'targetsLast8',
  'carriesLast8',
  'rzTouchesLast8',
  'rzTargetsLast8',
  'pointsPerOpportunity',
  'opponentAllowed',
  'isHome',
  'nflcomResidual',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/** Kickers and team defences: usage and efficiency per touch mean nothing for them. */
const NON_USAGE_FEATURES: readonly FeatureName[] = [
  'nflcom',
  'nflcomScaled',
  'nflcomLogRank',
  'seasonAvg',
  'noSeasonGames',
  'last8Avg',
  'noRecentGames',
  'prevSeasonAvg',
  'noPrevSeason',
  'opponentAllowed',
  'isHome',
];

/** Which features each position's model uses (usage and efficiency mean nothing for a kicker). */
export const FEATURES_BY_POSITION: Record<Position, readonly FeatureName[]> = {
  QB: FEATURE_NAMES,
  RB: FEATURE_NAMES,
  WR: FEATURE_NAMES,
  TE: FEATURE_NAMES,
  K: NON_USAGE_FEATURES,
  DEF: NON_USAGE_FEATURES,
};

export interface FeatureInputs {
  season: number;
  games: readonly GameRecord[];
  nflcom: number;
  /** NFL.com's projection mapped onto the points that players of its rank have scored. */
  nflcomScaled: number;
  nflcomRank: number;
  /** Opponent's season-to-date points allowed to the position, relative to the league (0 = average). */
  opponentAllowed: number;
  isHome: boolean;
}

/** The named feature values for one player-week, from games before it only. */
export function buildFeatures(inputs: FeatureInputs): Record<FeatureName, number> {
  const { games, season } = inputs;
  const seasonGames = gamesOfSeason(games, season);
  const recent = lastGames(games, LONG_WINDOW_GAMES);
  const prevSeason = gamesOfSeason(games, season - 1);
  const recentTargets = averageOf(recent, 'targets') ?? 0;
  const recentCarries = averageOf(recent, 'carries') ?? 0;
  const recentPoints = averageOf(recent, 'points');
  const opportunities = recentTargets + recentCarries;
  return {
    nflcom: inputs.nflcom,
    nflcomScaled: inputs.nflcomScaled,
    nflcomLogRank: Math.log(inputs.nflcomRank),
    seasonAvg: averageOf(seasonGames, 'points') ?? 0,
    noSeasonGames: seasonGames.length === 0 ? 1 : 0,
    last3Avg: averageOf(lastGames(games, SHORT_WINDOW_GAMES), 'points') ?? 0,
    last8Avg: recentPoints ?? 0,
    noRecentGames: recent.length === 0 ? 1 : 0,
    prevSeasonAvg: averageOf(prevSeason, 'points') ?? 0,
    noPrevSeason: prevSeason.length === 0 ? 1 : 0,
    targetsLast8: recentTargets,
    carriesLast8: recentCarries,
    rzTouchesLast8: averageOf(recent, 'rzTouches') ?? 0,
    rzTargetsLast8: averageOf(recent, 'rzTargets') ?? 0,
    pointsPerOpportunity: opportunities > 0 && recentPoints !== null ? recentPoints / opportunities : 0,
    opponentAllowed: inputs.opponentAllowed,
    isHome: inputs.isHome ? 1 : 0,
    nflcomResidual: shrunkResidualAgainstNflcom(lastGames(games, RESIDUAL_WINDOW_GAMES)),
  };
}

/** How much more (or less) than NFL.com projected the player has scored lately, shrunk toward 0. */
function shrunkResidualAgainstNflcom(games: readonly GameRecord[]): number {
  let sum = 0;
  let count = 0;
  for (const game of games) {
    if (game.nflcomPoints === null) continue;
    sum += game.points - game.nflcomPoints;
    count += 1;
  }
  return sum / (count + RESIDUAL_SHRINKAGE_GAMES);
}

export function featureVector(features: Record<FeatureName, number>, position: Position): number[] {
  return FEATURES_BY_POSITION[position].map((name) => features[name]);
}
