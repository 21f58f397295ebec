import type { QueryClient } from '@tanstack/react-query';

/**
 * The tRPC routers whose answers are built from the NFL data (stats, game states, projections,
 * players): the league page, matchup dashboard and home cards (leagues.details), the projections
 * and compare pages. A data change refetches the ones on screen; the engine then re-runs in the
 * Web Worker because its inputs changed.
 */
export const LIVE_QUERY_ROUTERS = ['leagues', 'projections', 'nflStats', 'players'] as const;

/** The player directory is fetched outside tRPC's options proxy, under its own key. */
const OTHER_LIVE_QUERY_KEYS = [['player-directory']];

/**
 * tRPC's TanStack keys start with the procedure path as an array (`[['leagues', 'details'], …]`),
 * so `[[router]]` matches every query of a router; written out here so the entry bundle need not
 * load the options proxy.
 */
export function liveQueryKeys(): unknown[][] {
  return [...LIVE_QUERY_ROUTERS.map((router) => [[router]]), ...OTHER_LIVE_QUERY_KEYS];
}

/** Marks every data-derived query stale and refetches the ones a page is showing. */
export async function refetchLiveQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all(liveQueryKeys().map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
