import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';

/** The landing page's measured figures (`GET /api/public/stats`). */
export function usePublicStats() {
  return useQuery({ ...trpc.public.stats.queryOptions(), staleTime: 5 * 60_000 });
}

export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(1).replace(/\.0$/, '')}%`;
}
