/**
 * The NFL calendar as the product reads it. A season opens in September and ends with the Super
 * Bowl in February; its weeks are numbered on from week 1 through the regular season and the
 * four post-season rounds.
 */

/** Seasons a request may name. */
export const FIRST_SEASON = 2000;
export const LAST_SEASON = 2100;

export const FIRST_WEEK = 1;
/** Regular-season weeks since 2021; 17 before. */
export const REGULAR_SEASON_WEEKS = 18;
const LAST_SEVENTEEN_WEEK_SEASON = 2020;
const POST_SEASON_ROUNDS = 4;

/** The last week NFL stats and projections can belong to: regular season plus post-season. */
export const LAST_NFL_WEEK = REGULAR_SEASON_WEEKS + POST_SEASON_ROUNDS;
/** The last week of a fantasy league: leagues play in the regular season only. */
export const LAST_FANTASY_WEEK = REGULAR_SEASON_WEEKS;

export function regularSeasonWeeks(season: number): number {
  return season <= LAST_SEVENTEEN_WEEK_SEASON ? REGULAR_SEASON_WEEKS - 1 : REGULAR_SEASON_WEEKS;
}

/** August (0-based month 7): training camps open and the coming season's data starts to arrive. */
const FIRST_MONTH_OF_SEASON = 7;

/**
 * The season in play on a date: from August, this year's; before, the one that began last year
 * (its play-offs run into February, and its data is the newest held until the next camps open).
 * The server prefers the NFL state it syncs; this is the rule where none is at hand.
 */
export function nflSeasonOn(date: Date): number {
  const year = date.getUTCFullYear();
  return date.getUTCMonth() >= FIRST_MONTH_OF_SEASON ? year : year - 1;
}
