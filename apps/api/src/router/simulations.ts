import { z } from 'zod';
import { listRecentSimulations } from '../services/simulation/recent-simulations.js';
import { authedProcedure, router } from '../trpc.js';

const recentSimulation = z.object({
  id: z.string(),
  created_at: z.string(),
  platform: z.string().nullable(),
  league_id: z.string().nullable(),
  season: z.number().int().nullable(),
  week: z.number().int().nullable(),
  user_name: z.string().nullable(),
  opponent_name: z.string().nullable(),
  win_probability: z.number().nullable(),
  predicted_score_difference: z.number().nullable(),
  path: z.string().nullable().describe('the league page that ran it, to reopen it'),
});

export const simulationsRouter = router({
  recent: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/simulations/recent',
        tags: ['matchup'],
        summary: "The signed-in user's latest league simulations, newest first",
      },
    })
    .input(z.void())
    .output(z.object({ data: z.array(recentSimulation) }))
    .query(async ({ ctx }) => ({ data: await listRecentSimulations(ctx.deps.database, ctx.user.id) })),
});
