import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import type { LeaguePlatform } from '../simulate/shared/league-details';

/**
 * Which league a rest-of-season tool is about; `season` is the season its page is opened for (an ESPN league's
 * details are read by season). The tools themselves price the league's current season.
 */
export interface LeagueRef {
  platform: LeaguePlatform;
  leagueId: string;
  season?: number | undefined;
}

/** The rest-of-season figures move with the data version, not by the second: a few minutes are fine. */
const ROS_STALE_MS = 5 * 60_000;

function leagueInput({ platform, leagueId }: LeagueRef) {
  return { platform, leagueId };
}

/** Free agents of the league, best pickup first; `position` narrows them to one started position. */
export function useFreeAgents(league: LeagueRef, position: string | undefined) {
  return useQuery({
    ...trpc.restOfSeason.freeAgents.queryOptions({ ...leagueInput(league), position }),
    enabled: league.leagueId !== '',
    placeholderData: keepPreviousData,
    staleTime: ROS_STALE_MS,
    retry: false,
  });
}

/** Every team's P(playoffs) if it wins this week and if it loses. */
export function usePlayoffLeverage(league: LeagueRef, week: number) {
  return useQuery({
    ...trpc.restOfSeason.playoffLeverage.queryOptions({ ...leagueInput(league), week }),
    enabled: league.leagueId !== '',
    staleTime: ROS_STALE_MS,
    retry: false,
  });
}

/** Both teams' gains from one proposed trade. */
export function useAnalyzeTrade() {
  return useMutation(trpc.trades.analyze.mutationOptions());
}

/**
 * The win-win trade finder, run when `isRequested`; leaving the page cancels a search still running (the query
 * aborts its request once nobody watches it), and so does `cancel`.
 */
export function useTradeSuggestions(league: LeagueRef, isRequested: boolean) {
  const queryClient = useQueryClient();
  const options = trpc.trades.suggestions.queryOptions(leagueInput(league), {
    trpc: { abortOnUnmount: true },
  });
  const query = useQuery({
    ...options,
    enabled: isRequested && league.leagueId !== '',
    staleTime: ROS_STALE_MS,
    retry: false,
  });
  const cancel = () => queryClient.cancelQueries({ queryKey: options.queryKey });
  return { query, cancel };
}
