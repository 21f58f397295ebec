import { z } from 'zod';
import { SCORING_FORMAT_SPELLINGS } from '@fm/projections/scoring-formats';
import { simulateLeagueMatchup } from '../services/simulation/league-run.js';
import { analyzeMatchupRequest, simulateMatchupRequest } from '../services/simulation/simulate.js';
import { toMatchupRequest } from '../services/simulation/request.js';
import { router } from '../trpc.js';
import { simulationProcedure } from './simulation-procedure.js';
import {
  analysisAnswerSchema,
  analyzeInput,
  fantasyWeekParam,
  MAX_STARTERS,
  platformSchema,
  seasonParam,
  simulateInput,
  simulationAnswerSchema,
} from '@fm/contract';

const leagueSideInput = z.object({
  roster_id: z.number().int().nonnegative(),
  starters: z
    .array(z.string().min(1).max(64))
    .min(1, 'needs at least one starter')
    .max(MAX_STARTERS, `has more than ${MAX_STARTERS} starters`)
    .describe('the league’s own player ids of the line-up, as its rosters list them'),
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

  simulateLeague: simulationProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/leagues/leagues/{platform}/{leagueId}/simulate',
        tags: ['matchup', 'leagues'],
        summary:
          'One of my league’s matchups simulated as its page shows it (the same number as the page’s headline), with its reading',
      },
    })
    .input(
      z.object({
        platform: platformSchema,
        leagueId: z.string().min(1).max(64),
        week: fantasyWeekParam,
        season: seasonParam.describe('ESPN leagues: the season to read (default: the one last read)'),
        scoring_type: z
          .enum(SCORING_FORMAT_SPELLINGS)
          .optional()
          .describe(
            'scoring to use when the league does not say how it scores (ppr, half, std; half-ppr, half_ppr, standard also accepted)',
          ),
        user: leagueSideInput,
        opponent: leagueSideInput,
      }),
    )
    .output(analysisAnswerSchema)
    .mutation(({ ctx, input }) =>
      simulateLeagueMatchup(
        ctx.deps,
        { userId: ctx.user.id, slot: ctx.simulationSlot },
        {
          platform: input.platform,
          leagueId: input.leagueId,
          week: input.week,
          season: input.season,
          scoringType: input.scoring_type,
          user: { rosterId: input.user.roster_id, starterIds: input.user.starters },
          opponent: { rosterId: input.opponent.roster_id, starterIds: input.opponent.starters },
        },
      ),
    ),
});
