import {
  freeAgentsAnswerSchema,
  freeAgentsInputSchema,
  leaguePathParams,
  playoffLeverageAnswerSchema,
  playoffLeverageInputSchema,
} from '@fm/contract';
import { listFreeAgents } from '../services/rest-of-season/free-agents.js';
import { loadPlayoffLeverage } from '../services/rest-of-season/playoff-leverage.js';
import { router } from '../trpc.js';
import { simulationProcedure } from './simulation-procedure.js';

const tags = ['leagues'];

/**
 * Rest of season for one of my leagues: free agents and playoff leverage, priced in win and playoff probability
 * by season simulations (limited and cost-capped as simulations are).
 */
export const restOfSeasonRouter = router({
  freeAgents: simulationProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/leagues/leagues/{platform}/{leagueId}/free-agents',
        tags,
        summary: 'Players on no roster of my league, priced for my team: ΔP(win), ΔP(playoffs), points',
      },
    })
    .input(leaguePathParams.extend(freeAgentsInputSchema.shape))
    .output(freeAgentsAnswerSchema)
    .query(({ ctx, input: { platform, leagueId, week, position, limit } }) =>
      listFreeAgents(
        ctx.deps,
        { userId: ctx.user.id, slot: ctx.simulationSlot },
        { platform, leagueId, week, position, limit },
      ),
    ),

  playoffLeverage: simulationProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/leagues/leagues/{platform}/{leagueId}/playoff-leverage',
        tags,
        summary: 'Each team’s P(playoffs) if it wins this week’s game and if it loses it',
      },
    })
    .input(leaguePathParams.extend(playoffLeverageInputSchema.shape))
    .output(playoffLeverageAnswerSchema)
    .query(({ ctx, input: { platform, leagueId, week } }) =>
      loadPlayoffLeverage(
        ctx.deps,
        { userId: ctx.user.id, slot: ctx.simulationSlot },
        { platform, leagueId, week },
      ),
    ),
});
