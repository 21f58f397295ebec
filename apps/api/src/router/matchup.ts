import { z } from 'zod';
import { SCORING_FORMAT_SPELLINGS } from '@fm/projections/scoring-formats';
import { simulateLeagueMatchup } from '../services/simulation/league-run.js';
import { matchupCalls, simulationCallerOf } from '../services/simulation/matchup-calls.js';
import { router } from '../trpc.js';
import { simulationProcedure } from './simulation-procedure.js';
import {
  analysisAnswerSchema,
  fantasyWeekParam,
  MAX_STARTERS,
  leaguePathParams,
  seasonParam,
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
    .input(matchupCalls.simulate.input)
    .output(simulationAnswerSchema)
    .mutation(({ ctx, input }) =>
      matchupCalls.simulate.answer(ctx.deps, simulationCallerOf(ctx.user), ctx.simulationSlot, input),
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
    .input(matchupCalls.analyze.input)
    .output(analysisAnswerSchema)
    .mutation(({ ctx, input }) =>
      matchupCalls.analyze.answer(ctx.deps, simulationCallerOf(ctx.user), ctx.simulationSlot, input),
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
      leaguePathParams.extend({
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
