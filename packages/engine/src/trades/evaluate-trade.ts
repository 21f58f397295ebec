import { EngineInputError } from '../errors.js';
import { TradeScorer } from './trade-scorer.js';
import type { ProposedTrade, TradeEvaluation, TradeLeague } from './types.js';

/** Player indices of `ids`, each of which must be on roster r. */
function playersOn(scorer: TradeScorer, r: number, ids: readonly string[], field: string): number[] {
  const { pool } = scorer;
  if (new Set(ids).size !== ids.length) {
    throw new EngineInputError('INVALID_INPUT', field, `${field} names a player twice`);
  }
  return ids.map((id) => {
    const player = pool.indexOf(id);
    if (player === undefined || pool.rosterOf[player] !== r) {
      throw new EngineInputError(
        'INVALID_INPUT',
        field,
        `player ${id} is not on roster ${pool.rosterIds[r]}`,
      );
    }
    return player;
  });
}

function rosterIndex(scorer: TradeScorer, rosterId: number, field: string): number {
  const r = scorer.pool.rosterIds.indexOf(rosterId);
  if (r < 0) throw new EngineInputError('INVALID_INPUT', field, `no roster ${rosterId} in this league`);
  return r;
}

/**
 * Both teams' best line-ups over the rest of the season before and after a proposed trade: `rosterId` sends
 * `give` to `partnerRosterId` and receives `get`.
 */
export function evaluateTrade(league: TradeLeague, trade: ProposedTrade): TradeEvaluation {
  return evaluateTradeWith(new TradeScorer(league), trade);
}

export function evaluateTradeWith(scorer: TradeScorer, trade: ProposedTrade): TradeEvaluation {
  const you = rosterIndex(scorer, trade.rosterId, 'rosterId');
  const partner = rosterIndex(scorer, trade.partnerRosterId, 'partnerRosterId');
  if (you === partner) {
    throw new EngineInputError('INVALID_INPUT', 'partnerRosterId', 'a team cannot trade with itself');
  }
  const give = playersOn(scorer, you, trade.give, 'give');
  const get = playersOn(scorer, partner, trade.get, 'get');
  if (give.length + get.length === 0) {
    throw new EngineInputError('INVALID_INPUT', 'give', 'a trade moves at least one player');
  }
  const sideOf = (r: number, outgoing: number[], incoming: number[]) => {
    const outcome = scorer.side(r, outgoing, incoming);
    const rosPointsBefore = scorer.rosterPoints(r);
    return {
      rosterId: scorer.pool.rosterIds[r]!,
      rosPointsBefore,
      rosPointsAfter: outcome.pointsAfter,
      deltaRosPoints: outcome.pointsAfter - rosPointsBefore,
      dropped: outcome.dropped.map((p) => scorer.pool.ids[p]!),
      before: scorer.pool.weeklyLineups(r),
      after: scorer.pool.weeklyLineups(r, [...outgoing, ...outcome.dropped], incoming),
    };
  };
  return { you: sideOf(you, give, get), partner: sideOf(partner, get, give) };
}
