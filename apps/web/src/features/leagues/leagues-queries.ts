import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouterOutputs } from '@fm/api';
import { useAuth } from '../auth/auth-context';
import { trpc, trpcClient } from '../../lib/trpc';

type LeaguesOutputs = RouterOutputs['leagues'];
export type ConnectionsStatus = LeaguesOutputs['connections'];
export type LeaguesAnswer = LeaguesOutputs['list'];
export type LeagueSummary = LeaguesAnswer['data']['sleeper'][number];
export type LeaguePlatform = LeagueSummary['platform'];

/** The linked Sleeper and Yahoo accounts and ESPN leagues. */
export function useConnections() {
  return useQuery(trpc.leagues.connections.queryOptions());
}

/**
 * After a link changes: the connections, every league list and league page are stale, and the
 * session user's hasLinkedLeagues may have flipped.
 */
function useAfterLinkChange() {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.leagues.pathKey() }),
      refreshUser().catch(() => null),
    ]);
  };
}

export function useConnectSleeper() {
  const afterChange = useAfterLinkChange();
  return useMutation({
    ...trpc.leagues.sleeperConnect.mutationOptions(),
    onSuccess: afterChange,
  });
}

/** Links an ESPN league by id or address (with both cookies for a private league). */
export function useConnectEspn() {
  const afterChange = useAfterLinkChange();
  return useMutation({ ...trpc.leagues.espnConnect.mutationOptions(), onSuccess: afterChange });
}

/** Unlinks one ESPN league (`{ leagueId }`). */
export function useDisconnectEspn() {
  const afterChange = useAfterLinkChange();
  return useMutation({ ...trpc.leagues.espnDisconnect.mutationOptions(), onSuccess: afterChange });
}

export function useDisconnect(platform: Exclude<LeaguePlatform, 'espn'>) {
  const afterChange = useAfterLinkChange();
  const options =
    platform === 'sleeper'
      ? trpc.leagues.sleeperDisconnect.mutationOptions()
      : trpc.leagues.yahooDisconnect.mutationOptions();
  return useMutation({ ...options, onSuccess: afterChange });
}

/** Sends the browser to Yahoo's consent page; Yahoo brings it back to /link-leagues. */
export async function startYahooLink(
  navigateTo: (url: string) => void = (url) => window.location.assign(url),
) {
  const { url } = await trpcClient.leagues.yahooAuthUrl.query();
  navigateTo(url);
}
