import {
  ESPN_SOURCE,
  IMPORT_SOURCE,
  MODEL_SOURCE,
  NFLCOM_SOURCE,
  PROJECTION_SOURCES,
  SLEEPER_SOURCE,
  type ProjectionSource,
} from '@fm/contract';

export { ESPN_SOURCE, IMPORT_SOURCE, MODEL_SOURCE, NFLCOM_SOURCE, PROJECTION_SOURCES, SLEEPER_SOURCE };
export type { ProjectionSource };

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
