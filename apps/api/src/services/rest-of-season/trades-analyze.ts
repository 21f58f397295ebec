import type { TradeAnalysis } from '@fm/contract';
import { EngineInputError, evaluateTradeWith, TradeScorer } from '@fm/engine';
import type { AppDeps } from '../../deps.js';
import { validationError } from '../../errors.js';
import { simulationAdmission, type SimulationSlot } from '../simulation/admission.js';
import {
  callersTeam,
  loadRosLeague,
  type RosLeague,
  type RosLeagueRequest,
  type RosTeam,
} from './league-context.js';
import { tradeLeagueOf } from './trades-league.js';
import { tradePricer } from './trades-pricing.js';

export interface TradeAnalyzeRequest extends RosLeagueRequest {
  partnerRosterId: number;
  give: string[];
  get: string[];
}

/** The partner's team: any other roster of the league. */
export function partnerTeam(league: RosLeague, me: RosTeam, partnerRosterId: number): RosTeam {
  if (partnerRosterId === me.rosterId) {
    throw validationError(
      'A trade is with another team: partner_roster_id is your own roster.',
      'partner_roster_id',
    );
  }
  const partner = league.teams.find((team) => team.rosterId === partnerRosterId);
  if (!partner) throw validationError(`This league has no roster ${partnerRosterId}.`, 'partner_roster_id');
  return partner;
}

// Each id must be one of the team's active players (starters and bench: reserve and taxi squads cannot start).
function checkOnRoster(ids: readonly string[], team: RosTeam, field: 'give' | 'get'): void {
  if (new Set(ids).size !== ids.length) throw validationError(`${field} names a player twice.`, field);
  const onRoster = new Set(team.players.map((player) => player.id));
  const stranger = ids.find((id) => !onRoster.has(id));
  if (stranger !== undefined) {
    const whose = field === 'give' ? 'your roster' : `roster ${team.rosterId}`;
    throw validationError(`Player ${stranger} is not on ${whose} (${team.name}).`, field);
  }
}

/**
 * A proposed trade between the caller's team and another of the league (`give` from the caller's roster, `get`
 * from the partner's), priced for both teams: Δ rest-of-season points of their best line-ups, ΔP(playoffs) from
 * season simulations and ΔP(win) this week. A team receiving more players than it sends releases its least
 * valuable bench players.
 */
export async function analyzeTrade(
  deps: AppDeps,
  caller: { userId: string; slot: SimulationSlot },
  request: TradeAnalyzeRequest,
): Promise<TradeAnalysis> {
  const league = await loadRosLeague(deps, caller.userId, request);
  const me = callersTeam(league);
  const partner = partnerTeam(league, me, request.partnerRosterId);
  if (request.give.length + request.get.length === 0) {
    throw validationError('A trade moves at least one player: give or get names none.', 'give');
  }
  checkOnRoster(request.give, me, 'give');
  checkOnRoster(request.get, partner, 'get');

  return simulationAdmission(deps).queue.run(caller.userId, async () => {
    const scorer = new TradeScorer(tradeLeagueOf(league));
    try {
      const evaluation = evaluateTradeWith(scorer, {
        rosterId: me.rosterId,
        partnerRosterId: partner.rosterId,
        give: request.give,
        get: request.get,
      });
      return tradePricer(league, scorer, 1, caller.slot).price(evaluation);
    } catch (error) {
      if (error instanceof EngineInputError) throw validationError(error.message, error.field);
      throw error;
    }
  });
}
