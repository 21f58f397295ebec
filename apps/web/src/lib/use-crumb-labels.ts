import { useQuery } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { trpc } from './trpc';

const LEAGUE_ROUTES = ['/simulate/yahoo/:season/:leagueId', '/simulate/:username/:season/:leagueId'];

function leagueRoute(pathname: string) {
  for (const pattern of LEAGUE_ROUTES) {
    const match = matchPath(pattern, pathname);
    if (match?.params.leagueId && match.params.season) {
      return {
        path: match.pathname,
        platform: pattern.includes('/yahoo/') ? ('yahoo' as const) : ('sleeper' as const),
        leagueId: match.params.leagueId,
        season: Number(match.params.season) || undefined,
      };
    }
  }
  return null;
}

/**
 * Crumb labels known only from data: a league page's crumb shows the league's name. The name is
 * read from answers the pages already asked for (league details, league lists); nothing is
 * fetched for the crumbs alone, so until a name is known the crumb shows the id.
 */
export function useCrumbLabels(pathname: string): Record<string, string> {
  const route = leagueRoute(pathname);
  const fromCacheOnly = { enabled: false } as const;
  const details = useQuery({
    ...trpc.leagues.details.queryOptions({
      platform: route?.platform ?? 'sleeper',
      leagueId: route?.leagueId ?? '',
      week: undefined,
    }),
    ...fromCacheOnly,
  });
  const seasonList = useQuery({
    ...trpc.leagues.list.queryOptions({ season: route?.season }),
    ...fromCacheOnly,
  });
  const currentList = useQuery({
    ...trpc.leagues.list.queryOptions({ season: undefined }),
    ...fromCacheOnly,
  });
  if (!route) return {};
  const listed = [seasonList.data, currentList.data]
    .flatMap((answer) => (answer ? answer.data[route.platform] : []))
    .find((league) => league.league_id === route.leagueId);
  const name = details.data?.league.name ?? listed?.name;
  return name ? { [route.path]: name } : {};
}
