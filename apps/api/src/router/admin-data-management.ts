import { z } from 'zod';
import {
  archiveInactiveUsers,
  DEFAULT_INACTIVE_DAYS,
  getImportStats,
  MAX_INACTIVE_DAYS,
  MIN_INACTIVE_DAYS,
} from '../services/data-management/cleanup.js';
import { adminProcedure, router } from '../trpc.js';
import { archiveUsersSchema, importStatsSchema, successAnswer } from '@fm/contract';

/** The JSON data-management calls; file uploads, downloads and cleanup are plain routes (http/data-management-routes.ts). */
export const adminDataManagementRouter = router({
  importStats: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/data-management/import-stats',
        tags: ['admin'],
        summary: 'Projection import statistics',
        protect: true,
      },
    })
    .input(z.void())
    .output(successAnswer(importStatsSchema))
    .query(async ({ ctx }) => ({ success: true as const, data: await getImportStats(ctx.deps) })),

  archiveUsers: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/data-management/archive-users',
        tags: ['admin'],
        summary: 'Archive inactive non-admin accounts (or count them)',
        protect: true,
      },
    })
    .input(
      z.object({
        inactiveDays: z.coerce
          .number()
          .int()
          .min(MIN_INACTIVE_DAYS)
          .max(MAX_INACTIVE_DAYS)
          .default(DEFAULT_INACTIVE_DAYS),
        dryRun: z.boolean().default(true),
      }),
    )
    .output(successAnswer(archiveUsersSchema))
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      data: await archiveInactiveUsers(ctx.deps, input),
    })),
});
