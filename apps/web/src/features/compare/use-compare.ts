import type { RouterOutputs } from '@fm/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';

type StatsOutputs = RouterOutputs['nflStats'];
export type SeasonTotals = StatsOutputs['seasonalCompare'];
export type WeeklyLines = StatsOutputs['compare'];
export type AdvancedSeason = StatsOutputs['advancedSeasonal'];

export function useStatSeasons() {
  return useQuery(trpc.nflStats.seasons.queryOptions());
}

/** Season totals, week-by-week lines and usage figures of the chosen players. */
export function useComparison(playerIds: string[], season: number | undefined) {
  const enabled = playerIds.length > 0;
  const ids = playerIds.join(',');
  const options = { enabled, placeholderData: keepPreviousData };
  const totals = useQuery({
    ...trpc.nflStats.seasonalCompare.queryOptions({ playerIds: ids, season }),
    ...options,
  });
  const weekly = useQuery({ ...trpc.nflStats.compare.queryOptions({ playerIds: ids, season }), ...options });
  const advanced = useQuery({
    ...trpc.nflStats.advancedSeasonal.queryOptions({ playerIds: ids, season }),
    ...options,
  });
  return { totals, weekly, advanced };
}
