import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc';

/**
 * The leagues of the linked accounts for `season` (default: the current NFL season): the leagues home and
 * picker list them, the team matchup page picks from them.
 */
export function useLinkedLeagues(season?: number) {
  return useQuery(trpc.leagues.list.queryOptions({ season }));
}
