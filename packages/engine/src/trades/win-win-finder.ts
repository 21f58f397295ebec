import { EngineInputError } from '../errors.js';
import { POINTS_EPSILON, TradeScorer } from './trade-scorer.js';
import type { TradeLeague, TradeSide, WinWinSearch, WinWinTrade } from './types.js';

function byBestForCaller(a: WinWinTrade, b: WinWinTrade): number {
  return (
    b.you.deltaRosPoints - a.you.deltaRosPoints ||
    b.partner.deltaRosPoints - a.partner.deltaRosPoints ||
    a.give.length + a.get.length - (b.give.length + b.get.length)
  );
}

/**
 * Every 1-for-1 and 2-for-1 trade (the caller gives two and gets one, or gives one and gets two) between roster
 * `rosterId` and each other roster after which BOTH teams' best line-ups score more over the rest of the
 * season, best for the caller first.
 *
 * Pruned by two bounds that follow from "more players never make a best line-up worse":
 * - a team's line-ups after a trade score no more than with the incoming players added and none sent, so a
 *   trade can help a team only if a player it receives would start for it in some week;
 * - a team sending two players for one ends with a subset of the roster it has after sending either one alone
 *   for that player, so it gains from the 2-for-1 only if it gains from both of those 1-for-1s.
 */
export function findWinWinTrades(league: TradeLeague, rosterId: number): WinWinSearch {
  return findWinWinTradesWith(new TradeScorer(league), rosterId);
}

export function findWinWinTradesWith(scorer: TradeScorer, rosterId: number): WinWinSearch {
  const { pool } = scorer;
  const you = pool.rosterIds.indexOf(rosterId);
  if (you < 0) {
    throw new EngineInputError('INVALID_INPUT', 'rosterId', `no roster ${rosterId} in this league`);
  }
  const yours = pool.members[you]!;
  const yourPoints = scorer.rosterPoints(you);
  const trades: WinWinTrade[] = [];
  let tradesConsidered = 0;
  let tradesEvaluated = 0;

  const sideOf = (r: number, pointsAfter: number, dropped: number[]): TradeSide => {
    const rosPointsBefore = scorer.rosterPoints(r);
    return {
      rosterId: pool.rosterIds[r]!,
      rosPointsBefore,
      rosPointsAfter: pointsAfter,
      deltaRosPoints: pointsAfter - rosPointsBefore,
      dropped: dropped.map((p) => pool.ids[p]!),
    };
  };
  const keep = (partner: number, give: number[], get: number[], yourSide: TradeSide, theirSide: TradeSide) =>
    trades.push({
      partnerRosterId: pool.rosterIds[partner]!,
      give: give.map((p) => pool.ids[p]!),
      get: get.map((p) => pool.ids[p]!),
      you: yourSide,
      partner: theirSide,
    });

  for (let partner = 0; partner < pool.rosterIds.length; partner++) {
    if (partner === you) continue;
    const theirs = pool.members[partner]!;
    const theirPoints = scorer.rosterPoints(partner);
    const helpsYou = Uint8Array.from(theirs, (p) => (scorer.couldHelp(you, p) ? 1 : 0));
    const helpsThem = Uint8Array.from(yours, (g) => (scorer.couldHelp(partner, g) ? 1 : 0));

    // 1-for-1: each side's change, [your player × their player]; −∞ where the bound rules a gain out.
    const yourGain = new Float64Array(yours.length * theirs.length).fill(-Infinity);
    const theirGain = new Float64Array(yours.length * theirs.length).fill(-Infinity);
    for (let g = 0; g < yours.length; g++) {
      for (let t = 0; t < theirs.length; t++) {
        tradesConsidered++;
        const give = [yours[g]!];
        const get = [theirs[t]!];
        if (helpsYou[t])
          yourGain[g * theirs.length + t] = scorer.side(you, give, get).pointsAfter - yourPoints;
        if (helpsThem[g]) {
          theirGain[g * theirs.length + t] = scorer.side(partner, get, give).pointsAfter - theirPoints;
        }
        if (helpsYou[t] || helpsThem[g]) tradesEvaluated++;
        const mine = yourGain[g * theirs.length + t]!;
        const their = theirGain[g * theirs.length + t]!;
        if (mine > POINTS_EPSILON && their > POINTS_EPSILON) {
          keep(
            partner,
            give,
            get,
            sideOf(you, yourPoints + mine, []),
            sideOf(partner, theirPoints + their, []),
          );
        }
      }
    }

    const tryTrade = (give: number[], get: number[]): void => {
      tradesEvaluated++;
      const yourSide = scorer.side(you, give, get);
      if (yourSide.pointsAfter - yourPoints <= POINTS_EPSILON) return;
      const theirSide = scorer.side(partner, get, give);
      if (theirSide.pointsAfter - theirPoints <= POINTS_EPSILON) return;
      keep(
        partner,
        give,
        get,
        sideOf(you, yourSide.pointsAfter, yourSide.dropped),
        sideOf(partner, theirSide.pointsAfter, theirSide.dropped),
      );
    };
    // You give two, get one: you must gain from each 1-for-1, and they must want one of your two.
    for (let a = 0; a < yours.length; a++) {
      for (let b = a + 1; b < yours.length; b++) {
        for (let t = 0; t < theirs.length; t++) {
          tradesConsidered++;
          const isPossible =
            yourGain[a * theirs.length + t]! > POINTS_EPSILON &&
            yourGain[b * theirs.length + t]! > POINTS_EPSILON &&
            (helpsThem[a] || helpsThem[b]);
          if (isPossible) tryTrade([yours[a]!, yours[b]!], [theirs[t]!]);
        }
      }
    }
    // You give one, get two: they must gain from each 1-for-1, and you must want one of their two.
    for (let g = 0; g < yours.length; g++) {
      for (let a = 0; a < theirs.length; a++) {
        for (let b = a + 1; b < theirs.length; b++) {
          tradesConsidered++;
          const isPossible =
            theirGain[g * theirs.length + a]! > POINTS_EPSILON &&
            theirGain[g * theirs.length + b]! > POINTS_EPSILON &&
            (helpsYou[a] || helpsYou[b]);
          if (isPossible) tryTrade([yours[g]!], [theirs[a]!, theirs[b]!]);
        }
      }
    }
  }
  return { trades: trades.sort(byBestForCaller), tradesConsidered, tradesEvaluated };
}
