/** `projections.source` of our model's rows. */
export const MODEL_SOURCE = 'model';
/** NFL.com's published projections (the NFL_DATA_DIR files). */
export const NFLCOM_SOURCE = 'nflcom';
/** Sleeper's projections (the live-data sync). */
export const SLEEPER_SOURCE = 'sleeper';
/** ESPN's projections (league answers and ESPN's public player pool). */
export const ESPN_SOURCE = 'espn';
/** An admin's projections CSV. */
export const IMPORT_SOURCE = 'import';

/**
 * Where a projection row comes from, in the order a page prefers them when a player has several:
 * our model, then the experts it is fed, then an admin's CSV.
 */
export const PROJECTION_SOURCES = [
  MODEL_SOURCE,
  NFLCOM_SOURCE,
  SLEEPER_SOURCE,
  ESPN_SOURCE,
  IMPORT_SOURCE,
] as const;
export type ProjectionSource = (typeof PROJECTION_SOURCES)[number];

/**
 * Sources a week counts as published by: an admin CSV of some week never becomes the default week, nor
 * does ESPN's (a league page stores the projections of whatever week it is opened on).
 */
export const PUBLISHED_SOURCES: readonly ProjectionSource[] = [MODEL_SOURCE, NFLCOM_SOURCE, SLEEPER_SOURCE];

/** Lower is preferred; unknown sources come last. */
export function sourceRank(source: string): number {
  const rank = (PROJECTION_SOURCES as readonly string[]).indexOf(source);
  return rank === -1 ? PROJECTION_SOURCES.length : rank;
}
