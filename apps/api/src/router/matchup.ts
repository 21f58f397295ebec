import { analyzeMatchupRequest, simulateMatchupRequest } from '../services/simulation/simulate.js';
import { toMatchupRequest } from '../services/simulation/request.js';
import { authedProcedure, router } from '../trpc.js';
import { analysisAnswerSchema, analyzeInput, simulateInput, simulationAnswerSchema } from '@fm/contract';

export const matchupRouter = router({
  simulate: authedProcedure
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
      ),
    ),

  analyze: authedProcedure
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
      ),
    ),
});
