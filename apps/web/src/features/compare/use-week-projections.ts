import type { ScoringFormat } from '@fm/projections/scoring-formats';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';

/** The compared players' projections of the week in play, in `scoring`, with their availability. */
export function useWeekProjections(playerIds: string[], scoring: ScoringFormat) {
  const { user } = useAuth();
  const input = { scope: 'all', players: playerIds.join(','), scoring, limit: 10 };
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
