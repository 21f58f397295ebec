import type { Position } from '../stats/stat-line.js';
import type { ExpertPoints } from './experts.js';
import { averageOf, gamesOfSeason, lastGames, type GameRecord } from './game-log.js';
import { EXPERTS, type Expert } from './week-data.js';

/** Windows of recent form: a short trend window and a longer usage window. */
export const SHORT_WINDOW_GAMES = 3;
export const LONG_WINDOW_GAMES = 8;
export const RESIDUAL_WINDOW_GAMES = 17;
/** Prior games' worth of zero residual: shrinks a player's record against an expert toward none. */
const RESIDUAL_SHRINKAGE_GAMES = 4;
/** The model reads home/away as 0/1; for a week whose schedule is unknown, neither. */
const UNKNOWN_HOME_AWAY = 0.5;

/** Per expert: its projection (the others' where it has none), whether it had none, rescaled, and the player's record against it. */
const EXPERT_FEATURES = [
  'nflcom',
  'nflcomMissing',
  'nflcomScaled',
  'nflcomResidual',
  'sleeper',
  'sleeperMissing',
  'sleeperScaled',
  'sleeperResidual',
  'espn',
  'espnMissing',
  'espnScaled',
  'espnResidual',
] as const satisfies readonly `${Expert}${'' | 'Missing' | 'Scaled' | 'Residual'}`[];

export const FEATURE_NAMES = [
  ...EXPERT_FEATURES,
  'consensusLogRank',
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
  'opponentPointsScored',
  'isHome',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type Features = Record<FeatureName, number>;

/** The features of one expert, for choosing which experts a fit uses. */
export function expertFeatureNames(expert: Expert): readonly FeatureName[] {
  return [expert, `${expert}Missing`, `${expert}Scaled`, `${expert}Residual`];
}

const HISTORY_FEATURES: readonly FeatureName[] = [
  'consensusLogRank',
  'seasonAvg',
  'noSeasonGames',
  'last3Avg',
  'last8Avg',
  'noRecentGames',
  'prevSeasonAvg',
  'noPrevSeason',
  'opponentAllowed',
  'isHome',
];
const USAGE_FEATURES: readonly FeatureName[] = [
  'targetsLast8',
  'carriesLast8',
  'rzTouchesLast8',
  'rzTargetsLast8',
  'pointsPerOpportunity',
];

/**
 * Which features each position's model may use (usage means nothing for a kicker or a defense;
 * a defense also reads how many points its opponent's offense scores). Expert features are
 * narrowed at fit time to the experts the training rows actually have.
 */
export const FEATURES_BY_POSITION: Record<Position, readonly FeatureName[]> = {
  QB: [...EXPERT_FEATURES, ...HISTORY_FEATURES, ...USAGE_FEATURES],
  RB: [...EXPERT_FEATURES, ...HISTORY_FEATURES, ...USAGE_FEATURES],
  WR: [...EXPERT_FEATURES, ...HISTORY_FEATURES, ...USAGE_FEATURES],
  TE: [...EXPERT_FEATURES, ...HISTORY_FEATURES, ...USAGE_FEATURES],
  K: [
    ...EXPERT_FEATURES.filter((name) => !name.endsWith('Residual')),
    ...HISTORY_FEATURES.filter((name) => name !== 'last3Avg'),
  ],
  DEF: [...EXPERT_FEATURES, ...HISTORY_FEATURES, 'opponentPointsScored'],
};

export interface FeatureInputs {
  season: number;
  games: readonly GameRecord[];
  /** Each expert's projection in the model's scoring. */
  experts: ExpertPoints;
  /** The experts' average (stands in for an expert that has none). */
  consensus: number;
  /** Each expert's projection mapped onto the points that players of its rank have scored. */
  scales: Record<Expert, number>;
  consensusRank: number;
  /** Opponent's season-to-date points allowed to the position, relative to the league (0 = average). */
  opponentAllowed: number;
  /** Opponent offense's season-to-date points scored, relative to the league (0 = average). */
  opponentPointsScored: number;
  /** Null while the schedule is unknown. */
  isHome: boolean | null;
}

/** The named feature values for one player-week, from games before it only. */
export function buildFeatures(inputs: FeatureInputs): Features {
  const { games, season } = inputs;
  const seasonGames = gamesOfSeason(games, season);
  const recent = lastGames(games, LONG_WINDOW_GAMES);
  const prevSeason = gamesOfSeason(games, season - 1);
  const recentTargets = averageOf(recent, 'targets') ?? 0;
  const recentCarries = averageOf(recent, 'carries') ?? 0;
  const recentPoints = averageOf(recent, 'points');
  const opportunities = recentTargets + recentCarries;
  const residualGames = lastGames(games, RESIDUAL_WINDOW_GAMES);
  const features = {
    consensusLogRank: Math.log(inputs.consensusRank),
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
    opponentPointsScored: inputs.opponentPointsScored,
    isHome: inputs.isHome === null ? UNKNOWN_HOME_AWAY : inputs.isHome ? 1 : 0,
  } as Features;
  for (const expert of EXPERTS) {
    const own = inputs.experts[expert];
    const value = own ?? inputs.consensus;
    features[expert] = value;
    features[`${expert}Missing`] = own === null ? 1 : 0;
    features[`${expert}Scaled`] = value * inputs.scales[expert];
    features[`${expert}Residual`] = shrunkResidualAgainst(residualGames, expert);
  }
  return features;
}

/** How much more (or less) than an expert projected the player has scored lately, shrunk toward 0. */
function shrunkResidualAgainst(games: readonly GameRecord[], expert: Expert): number {
  let sum = 0;
  let count = 0;
  for (const game of games) {
    const projected = game.expertPoints[expert];
    if (projected === null) continue;
    sum += game.points - projected;
    count += 1;
  }
  return sum / (count + RESIDUAL_SHRINKAGE_GAMES);
}

export function featureVector(features: Features, names: readonly FeatureName[]): number[] {
  return names.map((name) => features[name]);
}
