import { z } from 'zod';
import { dataSourcesSchema, getDataSources } from '../services/data-sync/sources-report.js';
import { adminProcedure, router } from '../trpc.js';

const openapi = (method: 'GET' | 'POST', summary: string) => ({
  openapi: { method, path: '/admin/data-sync' as const, tags: ['admin'], summary, protect: true },
});

/** The live-data sources (admin Data Management → Sources): their state, and "Sync now". */
export const adminDataSyncRouter = router({
  status: adminProcedure
    .meta(openapi('GET', 'Each data source: last attempt and success, weeks held, rows changed, last error'))
    .input(z.void())
    .output(z.object({ data: dataSourcesSchema }))
    .query(async ({ ctx }) => ({ data: await getDataSources(ctx.deps) })),

  run: adminProcedure
    .meta(openapi('POST', 'Start a sync of the current season now (answers at once; poll the status)'))
    .input(z.void())
    .output(
      z.object({
        data: dataSourcesSchema.extend({
          isStarted: z.boolean().describe('false when a sync was already running'),
          message: z.string(),
        }),
      }),
    )
    .mutation(async ({ ctx }) => {
      const outcome = await ctx.deps.dataSync.runNow();
      return { data: { ...outcome, ...(await getDataSources(ctx.deps)) } };
    }),
});
