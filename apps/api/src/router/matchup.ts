import { simulationAdmission } from '../services/simulation/admission.js';
import { analyzeMatchupRequest, simulateMatchupRequest } from '../services/simulation/simulate.js';
import { toMatchupRequest } from '../services/simulation/request.js';
import { authedProcedure, router } from '../trpc.js';
import { analysisAnswerSchema, analyzeInput, simulateInput, simulationAnswerSchema } from '@fm/contract';

/**
 * A signed-in user's simulation, counted against their limits before its input is parsed, so that
 * a call over them (each member of a batch is one) is refused (429) without that work.
 */
const simulationProcedure = authedProcedure.use(async ({ ctx, next }) => {
  const slot = await simulationAdmission(ctx.deps).reserve({
    userId: ctx.user.id,
    isAdmin: ctx.user.role === 'admin',
  });
  try {
    return await next({ ctx: { simulationSlot: slot } });
  } finally {
    slot.release();
  }
});

export const matchupRouter = router({
  simulate: simulationProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/matchup/simulate',
        tags: ['matchup'],
        summary: 'Monte Carlo of two line-ups: win probability, score distributions, per-player detail',
      },
    })
    .input(simulateInput)
    .output(simulationAnswerSchema)
    .mutation(({ ctx, input: { user_team, opponent_team, ...options } }) =>
      simulateMatchupRequest(
        ctx.deps,
        ctx.user.id,
        toMatchupRequest('simulate', options, user_team, opponent_team),
        { isAdmin: ctx.user.role === 'admin', slot: ctx.simulationSlot },
      ),
    ),

  analyze: simulationProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/matchup/analyze',
        tags: ['matchup'],
        summary: 'A simulation plus its reading: verdict, key players, positional edges, ranges',
      },
    })
    .input(analyzeInput)
    .output(analysisAnswerSchema)
    .mutation(({ ctx, input: { userTeam, opponentTeam, ...options } }) =>
      analyzeMatchupRequest(
        ctx.deps,
        ctx.user.id,
        toMatchupRequest('analyze', options, userTeam, opponentTeam),
        { isAdmin: ctx.user.role === 'admin', slot: ctx.simulationSlot },
      ),
    ),
});
