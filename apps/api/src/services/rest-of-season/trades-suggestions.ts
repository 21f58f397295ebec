import { createHash } from 'node:crypto';
import type { TradeSuggestion, TradeSuggestionsAnswer } from '@fm/contract';
import { evaluateTradeWith, TradeScorer } from '@fm/engine';
import type { AppDeps } from '../../deps.js';
import { createDataCache } from '../data-changes/data-cache.js';
import type { SimulationSlot } from '../simulation/admission.js';
import { searchWinWinTrades } from '../simulation/trade-search.js';
import { callersTeam, loadRosLeague, type RosLeague, type RosLeagueRequest } from './league-context.js';
import { tradeLeagueOf } from './trades-league.js';
import { tradePricer } from './trades-pricing.js';

export interface TradeSuggestionsRequest extends RosLeagueRequest {
  limit: number;
}

/**
 * Answers per data version and league state: a league's rosters and slots can change with no NFL data changing,
 * so the key also holds a digest of everything the search reads.
 */
const cachedSuggestions = createDataCache<TradeSuggestionsAnswer>({ maxEntries: 128 });

function leagueDigest(league: RosLeague): string {
  const { details } = league;
  return createHash('sha256')
    .update(
      JSON.stringify([
        tradeLeagueOf(league),
        league.weeks,
        details.matchups.map((matchup) => [matchup.roster_id, matchup.matchup_id, matchup.starters]),
        details.rosters.map((roster) => roster.players.starters.map((player) => player.player_id)),
      ]),
    )
    .digest('base64url');
}

/**
 * Win-win trades for the caller's team: every 1-for-1 and 2-for-1 swap with every other team after which both
 * teams' best line-ups score more over the rest of the season, best for the caller first. The search is
 * exact on rest-of-season points; only the `limit` kept are priced in ΔP(playoffs) and ΔP(win) this week.
 */
export async function suggestTrades(
  deps: AppDeps,
  caller: { userId: string; slot: SimulationSlot },
  request: TradeSuggestionsRequest,
): Promise<TradeSuggestionsAnswer> {
  const league = await loadRosLeague(deps, caller.userId, request);
  const me = callersTeam(league);
  const key = `trades:${request.platform}:${league.details.league.league_id}:${me.rosterId}:${request.limit}:${leagueDigest(league)}`;
  return cachedSuggestions(deps, key, () =>
    deps.simulationAdmission.queue.run(caller.userId, async () => {
      const startedAt = performance.now();
      const scorer = new TradeScorer(tradeLeagueOf(league));
      const search = await searchWinWinTrades(deps, caller.userId, tradeLeagueOf(league), me.rosterId, {
        limit: request.limit,
      });
      const kept = search.trades;
      const pricer = tradePricer(league, scorer, kept.length, caller.slot);
      const searchedAt = performance.now();
      const data: TradeSuggestion[] = [];
      for (const trade of kept) {
        // Other requests of this process get their turn between two priced trades.
        await new Promise((resolve) => setImmediate(resolve));
        const evaluation = evaluateTradeWith(scorer, {
          rosterId: me.rosterId,
          partnerRosterId: trade.partnerRosterId,
          give: trade.give,
          get: trade.get,
        });
        data.push({
          partner_roster_id: trade.partnerRosterId,
          give: trade.give,
          get: trade.get,
          ...pricer.price(evaluation),
        });
      }
      deps.log.info(
        {
          leagueId: request.leagueId,
          tradesConsidered: search.tradesConsidered,
          tradesRecomputed: search.tradesEvaluated,
          simulations: pricer.simulations,
          searchMs: Math.round(searchedAt - startedAt),
          ms: Math.round(performance.now() - startedAt),
        },
        'trade suggestions found',
      );
      return {
        data,
        week: league.details.week,
        season: league.details.league.season,
        trades_considered: search.tradesConsidered,
        simulations: pricer.simulations,
        data_as_of: league.details.data_as_of,
      };
    }),
  );
}
