import type { RouterOutputs } from '@fm/api';
import { useQuery } from '@tanstack/react-query';
import { trpcClient } from '../../lib/trpc-client';

export type PublicStats = RouterOutputs['public']['stats'];
export const PUBLIC_STATS_QUERY_KEY = ['public', 'stats'] as const;

/**
 * The landing page's measured figures (`public.stats`). Called on the plain typed client, without
 * the TanStack Query options proxy, so that proxy stays out of the landing page's bundle.
 */
export function usePublicStats() {
  return useQuery({
    queryKey: PUBLIC_STATS_QUERY_KEY,
    queryFn: ({ signal }) => trpcClient.public.stats.query(undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(1).replace(/\.0$/, '')}%`;
}
