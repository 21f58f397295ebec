import {
  leaguePathParams,
  tradeAnalysisSchema,
  tradeAnalyzeInputSchema,
  tradeSuggestionsAnswerSchema,
  tradeSuggestionsInputSchema,
} from '@fm/contract';
import { analyzeTrade } from '../services/rest-of-season/trades-analyze.js';
import { suggestTrades } from '../services/rest-of-season/trades-suggestions.js';
import { router } from '../trpc.js';
import { simulationProcedure } from './simulation-procedure.js';

const tags = ['leagues'];

/**
 * Trades in one of my leagues: an analyzer for a proposed trade and a finder of win-win trades, priced in
 * rest-of-season points, playoff and win probability (limited and cost-capped as simulations are).
 */
export const tradesRouter = router({
  analyze: simulationProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/leagues/leagues/{platform}/{leagueId}/trades/analyze',
        tags,
        summary: 'A proposed trade with another team, priced for both: ΔP(playoffs), Δ points, ΔP(win)',
      },
    })
    .input(leaguePathParams.extend(tradeAnalyzeInputSchema.shape))
    .output(tradeAnalysisSchema)
    .mutation(({ ctx, input: { platform, leagueId, partner_roster_id, give, get } }) =>
      analyzeTrade(
        ctx.deps,
        { userId: ctx.user.id, slot: ctx.simulationSlot },
        { platform, leagueId, partnerRosterId: partner_roster_id, give, get },
      ),
    ),

  suggestions: simulationProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/leagues/leagues/{platform}/{leagueId}/trades/suggestions',
        tags,
        summary: 'Win-win trades for my team (both teams’ best line-ups score more), best for me first',
      },
    })
    .input(leaguePathParams.extend(tradeSuggestionsInputSchema.shape))
    .output(tradeSuggestionsAnswerSchema)
    .query(({ ctx, input: { platform, leagueId, limit } }) =>
      suggestTrades(
        ctx.deps,
        { userId: ctx.user.id, slot: ctx.simulationSlot },
        { platform, leagueId, limit },
      ),
    ),
});
