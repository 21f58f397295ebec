/**
 * Where a projection row comes from, in the order a page prefers them when a player has several:
 * our model, then the experts it is fed (NFL.com's files, Sleeper's projections), then an admin's CSV.
 */
export const PROJECTION_SOURCES = ['model', 'nflcom', 'sleeper', 'import'] as const;
export type ProjectionSource = (typeof PROJECTION_SOURCES)[number];

/** Sources a week counts as published by: an admin CSV of some week never becomes the default week. */
export const PUBLISHED_SOURCES: readonly ProjectionSource[] = ['model', 'nflcom', 'sleeper'];

/** Lower is preferred; unknown sources come last. */
export function sourceRank(source: string): number {
  const rank = (PROJECTION_SOURCES as readonly string[]).indexOf(source);
  return rank === -1 ? PROJECTION_SOURCES.length : rank;
}
