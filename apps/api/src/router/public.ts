import { modelCardSchema, publicStatsSchema } from '@fm/contract';
import { z } from 'zod';
import { readModelCard } from '../services/projections/model-card.js';
import { getPublicStats } from '../services/projections/public-stats.js';
import { publicProcedure, router } from '../trpc.js';

/** Figures the landing and methodology pages show to anyone, all measured, none typed in. */
export const publicRouter = router({
  stats: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/public/stats',
        tags: ['public'],
        summary: 'Figures shown on the landing page',
      },
    })
    .input(z.void())
    .output(publicStatsSchema)
    .query(({ ctx }) => getPublicStats(ctx.deps)),

  modelCard: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/public/model-card',
        tags: ['public'],
        summary: 'The projection model card and its backtest',
      },
    })
    .input(z.void())
    .output(z.object({ modelCard: modelCardSchema.nullable() }))
    .query(() => ({ modelCard: readModelCard() })),
});
