/**
 * Export limits, shared with the web form. Its seasons and weeks are the NFL calendar's
 * (FIRST_SEASON…LAST_SEASON, FIRST_WEEK…LAST_NFL_WEEK); the default season is the one in play.
 */
export const EXPORT_MIN_LIMIT = 100;
export const EXPORT_MAX_LIMIT = 10_000;
export const EXPORT_DEFAULT_LIMIT = 1_000;
