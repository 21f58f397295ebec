import type { SeasonRoster, WeeklyLineups } from '../lineup/season-player.js';
import type { StartingSlot } from '../lineup/slots.js';

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
