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

/** One team's best line-ups in each remaining week. */
export interface WeeklyLineups {
  /** Expected points of the best line-up, per week. */
  means: number[];
  /** Standard deviation of those points (starters taken as independent), per week. */
  stds: number[];
  /** Ids of the starters, per week. */
  starters: string[][];
}
