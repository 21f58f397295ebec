import { createHash } from 'node:crypto';
import {
  seasonOutlookInput,
  TRADE_SUGGESTION_LIMIT_MAX,
  type TradeSuggestion,
  type TradeSuggestionsAnswer,
} from '@fm/contract';
import { FIRST_IDEAS } from '@fm/engine';
import type { AppDeps } from '../../deps.js';
import { createDataCache } from '../data-changes/data-cache.js';
import { MAX_CALL_COST, type SimulationSlot } from '../simulation/admission.js';
import { searchWinWinTrades } from '../simulation/trade-search.js';
import { callerRuns } from './caller-runs.js';
import { callersTeam, loadRosLeague, type RosLeague, type RosLeagueRequest } from './league-context.js';
import { tradeLeagueOf } from './trades-league.js';
import { type TradePricer, tradePricer } from './trades-pricing.js';
import { tradeReason } from './trades-reason.js';

export interface TradeSuggestionsRequest extends RosLeagueRequest {
  limit: number;
}

/**
 * Answers per data version and league state: a league's rosters, slots and standings can change with no NFL data
 * changing, so the key also holds a digest of everything the search and the pricing read.
 */
const cachedSuggestions = createDataCache<TradeSuggestionsAnswer>({ maxEntries: 128 });

function leagueDigest(league: RosLeague): string {
  const { details } = league;
  return createHash('sha256')
    .update(
      JSON.stringify([
        tradeLeagueOf(league),
        league.weeks,
        // standings, remaining schedule and playoff format: what the season runs read besides the line-ups
        seasonOutlookInput(details, () => ({ mean: [], std: [] })),
        details.matchups.map((matchup) => [matchup.roster_id, matchup.matchup_id, matchup.starters]),
        details.rosters.map((roster) => roster.players.starters.map((player) => player.player_id)),
      ]),
    )
    .digest('base64url');
}

/**
 * Suggestions priced at most, of the search's (in its order: the first ten spread over partners, then best for
 * both teams). Each priced trade adds a season run and up to four matchup runs at the analyzer's iterations, so
 * on a twelve-team league of 16-player rosters with 14 weeks left one costs 608,000 player-iterations (2,000 ×
 * 168 team-weeks, and 4 × 2,000 × 34 players): fifty would draw 30.7M, about twice the per-call budget (16M), and
 * fewer iterations would make the finder's figures differ from the analyzer's. Twenty draw 12.5M, about 0.3 s of
 * one core here. A league too large for twenty prices as many as the budget allows, and is refused when that is
 * under the first ten.
 */
const PRICED_SUGGESTIONS = 20;

/** How many of the search's trades this call prices: as many as fit the per-call budget, at most PRICED_SUGGESTIONS. */
function pricedSuggestionCount(pricer: TradePricer): number {
  const base = pricer.callCost(0, '').total;
  const perTrade = pricer.callCost(1, '').total - base;
  const affordable = Math.floor((MAX_CALL_COST - base) / Math.max(1, perTrade));
  return Math.max(FIRST_IDEAS, Math.min(PRICED_SUGGESTIONS, affordable));
}

/**
 * Trade ideas for the caller's team: 1-for-1 and 2-for-1 swaps with every other team after which both teams' best
 * line-ups score more over the rest of the season, one per set of players the caller gets, the first ten spread
 * over partners, no throw-ins, no player without a projection (see the engine's findWinWinTrades, run on the
 * simulation threads). The search is exact on rest-of-season points and bounded (MAX_PACKAGE_PLAYERS). The call
 * is priced before the search, for the PRICED_SUGGESTIONS it may price (refused over the per-call budget); the
 * first of them are priced as the analyzer prices a trade (tradePricer, runs on the simulation threads in the
 * call's one turn of the queue) with the reason each helps both teams. The answer is computed once at the
 * largest limit, cached per league state and data version, and sliced to the limit asked.
 */
export async function suggestTrades(
  deps: AppDeps,
  caller: { userId: string; slot: SimulationSlot },
  request: TradeSuggestionsRequest,
): Promise<TradeSuggestionsAnswer> {
  const league = await loadRosLeague(deps, caller.userId, request);
  const me = callersTeam(league);
  const key = `trades:${request.platform}:${league.details.league.league_id}:${me.rosterId}:${leagueDigest(league)}`;
  const answer = await cachedSuggestions(deps, key, async () => {
    const tradeLeague = tradeLeagueOf(league);
    const pricer = tradePricer(league, tradeLeague, callerRuns(deps, caller, { isInTurn: true }));
    const count = pricedSuggestionCount(pricer);
    await caller.slot.price(
      pricer.callCost(
        count,
        `Trade suggestions of this league (${league.teams.length} teams, ${league.weeks.length} weeks left)`,
      ),
    );
    return deps.simulationAdmission.queue.run(caller.userId, async () => {
      const startedAt = performance.now();
      const search = await searchWinWinTrades(deps, caller.userId, tradeLeague, me.rosterId, {
        limit: Math.min(count, TRADE_SUGGESTION_LIMIT_MAX),
      });
      const searchedAt = performance.now();
      const data: TradeSuggestion[] = [];
      for (const trade of search.trades) {
        const { sides, evaluation } = await pricer.price({
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
    });
  });
  return { ...answer, data: answer.data.slice(0, request.limit) };
}
