import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';
import type { ScoringChoice } from '../projections/scoring-choice';

/** The compared players' projections of the week in play, in a format or a league's own scoring, with their availability. */
export function useWeekProjections(playerIds: string[], { scoring, league }: ScoringChoice) {
  const { user } = useAuth();
  const input = {
    scope: 'all',
    players: playerIds.join(','),
    limit: 10,
    ...(league ? { league } : { scoring }),
  };
  const options = { placeholderData: keepPreviousData };
  const signedIn = useQuery({
    ...trpc.projections.list.queryOptions(input, options),
    enabled: user !== null && playerIds.length > 0,
  });
  const visitor = useQuery({
    ...trpc.projections.publicList.queryOptions(input, options),
    enabled: user === null && playerIds.length > 0,
  });
  return user ? signedIn : visitor;
}
