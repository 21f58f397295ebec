import { createHash } from 'node:crypto';
import { TRADE_SUGGESTION_LIMIT_MAX, type TradeSuggestion, type TradeSuggestionsAnswer } from '@fm/contract';
import type { AppDeps } from '../../deps.js';
import { createDataCache } from '../data-changes/data-cache.js';
import type { SimulationSlot } from '../simulation/admission.js';
import { searchWinWinTrades } from '../simulation/trade-search.js';
import { callersTeam, loadRosLeague, type RosLeague, type RosLeagueRequest } from './league-context.js';
import { tradeLeagueOf } from './trades-league.js';
import { tradePricer } from './trades-pricing.js';
import { tradeReason } from './trades-reason.js';

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
 * Trade ideas for the caller's team: 1-for-1 and 2-for-1 swaps with every other team after which both teams' best
 * line-ups score more over the rest of the season, one per set of players the caller gets, the first ten spread
 * over partners, no throw-ins, no player without a projection (see the engine's findWinWinTrades, run on the simulation threads). The search is exact on
 * rest-of-season points and bounded (MAX_PACKAGE_PLAYERS); the answer is computed once at the largest limit,
 * each trade priced as the analyzer prices it (tradePricer) with the reason it helps both teams, cached per
 * league state and data version, and sliced to the limit asked.
 */
export async function suggestTrades(
  deps: AppDeps,
  caller: { userId: string; slot: SimulationSlot },
  request: TradeSuggestionsRequest,
): Promise<TradeSuggestionsAnswer> {
  const league = await loadRosLeague(deps, caller.userId, request);
  const me = callersTeam(league);
  const key = `trades:${request.platform}:${league.details.league.league_id}:${me.rosterId}:${leagueDigest(league)}`;
  const answer = await cachedSuggestions(deps, key, () =>
    deps.simulationAdmission.queue.run(caller.userId, async () => {
      const startedAt = performance.now();
      const tradeLeague = tradeLeagueOf(league);
      const search = await searchWinWinTrades(deps, caller.userId, tradeLeague, me.rosterId, {
        limit: TRADE_SUGGESTION_LIMIT_MAX,
      });
      const pricer = tradePricer(league, tradeLeague, caller.slot);
      const searchedAt = performance.now();
      const data: TradeSuggestion[] = [];
      for (const trade of search.trades) {
        // Other requests of this process get their turn between two priced trades.
        await new Promise((resolve) => setImmediate(resolve));
        const { sides, evaluation } = pricer.price({
          rosterId: me.rosterId,
          partnerRosterId: trade.partnerRosterId,
          give: trade.give,
          get: trade.get,
        });
        data.push({
          partner_roster_id: trade.partnerRosterId,
          give: trade.give,
          get: trade.get,
          ...sides,
          reason: tradeReason(league, evaluation, trade),
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
  return { ...answer, data: answer.data.slice(0, request.limit) };
}
