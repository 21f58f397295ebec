import type { RouterOutputs } from '@fm/api';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type PublicStats = RouterOutputs['public']['stats'];
export const PUBLIC_STATS_QUERY_KEY = ['public', 'stats'] as const;

/**
 * The landing page's measured figures (`GET /api/public/stats`). Fetched over the plain REST
 * path so the tRPC client stays out of the landing page's bundle; the type still comes from the procedure.
 */
export function usePublicStats() {
  return useQuery({
    queryKey: PUBLIC_STATS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<PublicStats>('/public/stats', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(1).replace(/\.0$/, '')}%`;
}
