import type { RouterOutputs } from '@fm/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { matchPath } from 'react-router';
import { trpc } from './trpc';

const LEAGUE_ROUTES = [
  { pattern: '/simulate/yahoo/:season/:leagueId', platform: 'yahoo' },
  { pattern: '/simulate/espn/:season/:leagueId', platform: 'espn' },
  { pattern: '/simulate/:username/:season/:leagueId', platform: 'sleeper' },
] as const;

function leagueRoute(pathname: string) {
  for (const { pattern, platform } of LEAGUE_ROUTES) {
    // a league's own pages (…/free-agents, …/trades) name it too
    const match = matchPath({ path: pattern, end: false }, pathname);
    if (match?.params.leagueId && match.params.season) {
      return { path: match.pathname, platform, leagueId: match.params.leagueId };
    }
  }
  return null;
}

/**
 * Crumb labels known only from data: a league page's crumb shows the league's name. The name is
 * read from answers the pages already asked for (the league's details in any week or scoring, league
 * lists of any season); nothing is fetched for the crumbs alone, so until a name is known the crumb
 * shows the id.
 */
export function useCrumbLabels(pathname: string): Record<string, string> {
  const queryClient = useQueryClient();
  const route = leagueRoute(pathname);
  const platform = route?.platform;
  const leagueId = route?.leagueId;
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const readName = useCallback((): string | undefined => {
    if (!platform || !leagueId) return undefined;
    // A partial input matches every cached details answer of this league, whatever its week or scoring.
    const details = queryClient.getQueriesData<RouterOutputs['leagues']['details']>(
      trpc.leagues.details.queryFilter({ platform, leagueId }),
    );
    for (const [, answer] of details) if (answer) return answer.league.name;
    const lists = queryClient.getQueriesData<RouterOutputs['leagues']['list']>(
      trpc.leagues.list.queryFilter(),
    );
    for (const [, answer] of lists) {
      const listed = answer?.data[platform].find((league) => league.league_id === leagueId);
      if (listed) return listed.name;
    }
    return undefined;
  }, [queryClient, platform, leagueId]);
  const name = useSyncExternalStore(subscribe, readName);
  return route && name ? { [route.path]: name } : {};
}
