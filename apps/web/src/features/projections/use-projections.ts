import type { RouterOutputs } from '@fm/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';
import { projectionQueryInput, type ProjectionFilters } from './projection-filters';

type ProjectionOutputs = RouterOutputs['projections'];
export type ProjectionPage = ProjectionOutputs['publicList'];
export type ProjectionRow = ProjectionPage['data'][number];
export type AvailableWeeks = ProjectionOutputs['availableWeeks'];

export function useAvailableWeeks() {
  return useQuery(trpc.projections.availableWeeks.queryOptions());
}

/** One page of projections: the signed-in path for a signed-in user, the public path otherwise. */
export function useProjectionPage(filters: ProjectionFilters) {
  const { user } = useAuth();
  const input = projectionQueryInput(filters);
  const signedIn = useQuery({
    ...trpc.projections.list.queryOptions(input, { placeholderData: keepPreviousData }),
    enabled: user !== null,
  });
  const visitor = useQuery({
    ...trpc.projections.publicList.queryOptions(input, { placeholderData: keepPreviousData }),
    enabled: user === null,
  });
  return user ? signedIn : visitor;
}
