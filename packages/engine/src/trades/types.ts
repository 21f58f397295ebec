import type { StartingSlot } from '../lineup/slots.js';

/** A rostered player's expected points over the weeks left in the regular season. */
export interface SeasonPlayer {
  id: string;
  position: string;
  /** Every position he may start at (Sleeper `fantasy_positions`), when more than his listed one. */
  eligiblePositions?: readonly string[] | null;
  /** Expected points in each remaining week, the first remaining week first (0 on his bye). */
  weeklyMeans: readonly number[];
  /** Standard deviation of his points, same shape as weeklyMeans (absent: 0). */
  weeklyStds?: readonly number[];
  /**
   * false when he has no projection this week and his means stand in for one (a position's average): he still
   * plays in his team's line-ups, but the trade search offers no trade with him.
   */
  hasProjection?: boolean;
}

export interface SeasonRoster {
  rosterId: number;
  players: readonly SeasonPlayer[];
}

export interface TradeLeague {
  rosters: readonly SeasonRoster[];
  slots: readonly StartingSlot[];
}

export interface ProposedTrade {
  /** The team proposing: it sends `give` and receives `get`. */
  rosterId: number;
  partnerRosterId: number;
  give: readonly string[];
  get: readonly string[];
}

/** One team's best line-ups in each remaining week. */
export interface WeeklyLineups {
  /** Expected points of the best line-up, per week. */
  means: number[];
  /** Standard deviation of those points (starters taken as independent), per week. */
  stds: number[];
  /** Ids of the starters, per week. */
  starters: string[][];
}

export interface TradeSidePoints {
  rosterId: number;
  /** Rest-of-season points of the team's best line-ups, before and after the trade. */
  rosPointsBefore: number;
  rosPointsAfter: number;
  deltaRosPoints: number;
  /** Players the team releases to make room when it receives more players than it sends. */
  dropped: string[];
}

export interface TradeEvaluation {
  you: TradeSidePoints & { before: WeeklyLineups; after: WeeklyLineups };
  partner: TradeSidePoints & { before: WeeklyLineups; after: WeeklyLineups };
}

export interface WinWinTrade {
  partnerRosterId: number;
  give: string[];
  get: string[];
  you: TradeSidePoints;
  partner: TradeSidePoints;
}

export interface WinWinSearch {
  /** The win-win trade ideas found, in the order they are read (see orderIdeas). */
  trades: WinWinTrade[];
  /** 1-for-1 and 2-for-1 swaps enumerated with every other team (bounded: see MAX_PACKAGE_PLAYERS). */
  tradesConsidered: number;
  /** Swaps whose line-ups were recomputed (the rest could not make both teams better). */
  tradesEvaluated: number;
}
