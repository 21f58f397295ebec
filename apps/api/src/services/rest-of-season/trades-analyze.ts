import type { TradeAnalysis } from '@fm/contract';
import type { AppDeps } from '../../deps.js';
import { validationError } from '../../errors.js';
import type { SimulationSlot } from '../simulation/admission.js';
import {
  callersTeam,
  loadRosLeague,
  type RosLeague,
  type RosLeagueRequest,
  type RosTeam,
} from './league-context.js';
import { callerRuns } from './caller-runs.js';
import { hasProjection, tradeLeagueOf } from './trades-league.js';
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
function checkOnRoster(
  league: RosLeague,
  ids: readonly string[],
  team: RosTeam,
  field: 'give' | 'get',
): void {
  if (new Set(ids).size !== ids.length) throw validationError(`${field} names a player twice.`, field);
  const onRoster = new Set(team.players.map((player) => player.id));
  const stranger = ids.find((id) => !onRoster.has(id));
  if (stranger === undefined) return;
  const isInLeague = league.teams.some((other) => other.players.some((player) => player.id === stranger));
  const whose = field === 'give' ? 'your roster' : `roster ${team.rosterId}`;
  throw validationError(
    isInLeague
      ? `${field}: player ${stranger} is not on ${whose} (${team.name}): only its starters and bench can be traded here.`
      : `${field}: no player ${stranger} on any roster of this league.`,
    field,
  );
}

/**
 * A proposed trade between the caller's team and another of the league (`give` from the caller's roster, `get`
 * from the partner's), priced for both teams as the finder prices its suggestions (the same function): Δ
 * rest-of-season points of their best line-ups, ΔP(playoffs) from season simulations and ΔP(win) this week. A
 * team receiving more players than it sends releases its least valuable bench players. Players of the trade
 * without a projection are named: their figures stand on a position's average. Its runs are priced together
 * before the first and run in one turn of the queue, on the simulation threads.
 */
export async function analyzeTrade(
  deps: AppDeps,
  caller: { userId: string; slot: SimulationSlot },
  request: TradeAnalyzeRequest,
): Promise<TradeAnalysis> {
  const league = await loadRosLeague(deps, caller.userId, request);
  const me = callersTeam(league);
  const partner = partnerTeam(league, me, request.partnerRosterId);
  for (const field of ['give', 'get'] as const) {
    if (request[field].length === 0) {
      const names = field === 'give' ? 'none of your players' : `none of ${partner.name}’s players`;
      throw validationError(
        `A trade sends and receives at least one player each: ${field} names ${names}.`,
        field,
      );
    }
  }
  checkOnRoster(league, request.give, me, 'give');
  checkOnRoster(league, request.get, partner, 'get');

  const pricer = tradePricer(league, tradeLeagueOf(league), callerRuns(deps, caller, { isInTurn: true }));
  await caller.slot.price(
    pricer.callCost(
      1,
      `This trade’s analysis (${league.teams.length} teams, ${league.weeks.length} weeks left)`,
    ),
  );
  return deps.simulationAdmission.queue.run(caller.userId, async () => {
    const { sides } = await pricer.price({
      rosterId: me.rosterId,
      partnerRosterId: partner.rosterId,
      give: request.give,
      get: request.get,
    });
    return {
      ...sides,
      players_without_projection: [...request.give, ...request.get].filter(
        (id) => !hasProjection(league, id),
      ),
    };
  });
}
