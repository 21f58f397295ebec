import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from './router/root.js';
import type { cleanupAnalytics } from './services/data-management/cleanup.js';

export type { AppRouter };

/** What each procedure accepts, e.g. `RouterInputs['players']['list']`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
/** What each procedure answers, e.g. `RouterOutputs['auth']['me']`. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** What the plain (non-procedure) DELETE /api/admin/data-management/cleanup-analytics answers. */
export interface CleanupAnalyticsAnswer {
  success: true;
  data: Awaited<ReturnType<typeof cleanupAnalytics>>;
}
