import { EngineInputError } from '../errors.js';
import { POINTS_EPSILON, TradeScorer } from './trade-scorer.js';
import type { TradeLeague, TradeSidePoints, WinWinSearch, WinWinTrade } from './types.js';

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
export function findWinWinTrades(
  league: TradeLeague,
  rosterId: number,
  options: WinWinOptions = {},
): WinWinSearch {
  return findWinWinTradesWith(new TradeScorer(league), rosterId, options);
}

export interface WinWinOptions {
  /**
   * Keep only the best `limit` trades for the caller. Then a multi-player swap is not recomputed when a bound
   * on the caller's gain (the smaller of its two 1-for-1 gains when sending two; the sum of what each incoming
   * player would add alone when receiving two, the best line-up's points being submodular) cannot reach the
   * `limit`-th best kept so far.
   */
  limit?: number;
}

/** The caller's gains of the best `limit` trades kept, highest first, to bound what is still worth recomputing. */
class TopGains {
  private readonly gains: number[] = [];
  constructor(private readonly limit: number) {}

  add(gain: number): void {
    const at = this.gains.findIndex((kept) => kept < gain);
    if (at < 0) this.gains.push(gain);
    else this.gains.splice(at, 0, gain);
    if (this.gains.length > this.limit) this.gains.pop();
  }

  /** Whether a trade gaining at most `bound` could still enter (ties may, by the partner's gain). */
  couldEnter(bound: number): boolean {
    return this.gains.length < this.limit || bound >= this.gains[this.limit - 1]! - POINTS_EPSILON;
  }
}

export function findWinWinTradesWith(
  scorer: TradeScorer,
  rosterId: number,
  { limit = Infinity }: WinWinOptions = {},
): WinWinSearch {
  const { pool } = scorer;
  const you = pool.rosterIds.indexOf(rosterId);
  if (you < 0) {
    throw new EngineInputError('INVALID_INPUT', 'rosterId', `no roster ${rosterId} in this league`);
  }
  const yours = pool.members[you]!;
  const yourPoints = scorer.rosterPoints(you);
  const trades: WinWinTrade[] = [];
  const top = new TopGains(limit);
  let tradesConsidered = 0;
  let tradesEvaluated = 0;

  const sideOf = (r: number, pointsAfter: number, dropped: number[]): TradeSidePoints => {
    const rosPointsBefore = scorer.rosterPoints(r);
    return {
      rosterId: pool.rosterIds[r]!,
      rosPointsBefore,
      rosPointsAfter: pointsAfter,
      deltaRosPoints: pointsAfter - rosPointsBefore,
      dropped: dropped.map((p) => pool.ids[p]!),
    };
  };
  const keep = (
    partner: number,
    give: number[],
    get: number[],
    yourSide: TradeSidePoints,
    theirSide: TradeSidePoints,
  ) => {
    top.add(yourSide.deltaRosPoints);
    trades.push({
      partnerRosterId: pool.rosterIds[partner]!,
      give: give.map((p) => pool.ids[p]!),
      get: get.map((p) => pool.ids[p]!),
      you: yourSide,
      partner: theirSide,
    });
  };

  for (let partner = 0; partner < pool.rosterIds.length; partner++) {
    if (partner === you) continue;
    const theirs = pool.members[partner]!;
    const theirPoints = scorer.rosterPoints(partner);
    const helpsYou = Uint8Array.from(theirs, (p) => (scorer.couldHelp(you, p) ? 1 : 0));
    const helpsThem = Uint8Array.from(yours, (g) => (scorer.couldHelp(partner, g) ? 1 : 0));
    const addsForYou = Float64Array.from(theirs, (p) =>
      scorer.gainsOf(you, p).reduce((sum, gain) => sum + gain, 0),
    );

    const give = [0];
    const get = [0];
    // 1-for-1: each side's change, [your player × their player], computed when first needed; −∞ where a
    // bound rules a gain out.
    const yourGain = new Float64Array(yours.length * theirs.length).fill(NaN);
    const theirGain = new Float64Array(yours.length * theirs.length).fill(NaN);
    const isScored = new Uint8Array(yours.length * theirs.length);
    const oneForOne = (g: number, t: number, isYours: boolean): number => {
      const gains = isYours ? yourGain : theirGain;
      const at = g * theirs.length + t;
      if (Number.isNaN(gains[at]!)) {
        if (!isScored[at]) tradesEvaluated++;
        isScored[at] = 1;
        give[0] = yours[g]!;
        get[0] = theirs[t]!;
        if (isYours)
          gains[at] = helpsYou[t] ? scorer.side(you, give, get).pointsAfter - yourPoints : -Infinity;
        else gains[at] = helpsThem[g] ? scorer.side(partner, get, give).pointsAfter - theirPoints : -Infinity;
      }
      return gains[at]!;
    };
    for (let g = 0; g < yours.length; g++) {
      for (let t = 0; t < theirs.length; t++) {
        tradesConsidered++;
        if (!helpsYou[t] || !helpsThem[g]) continue;
        const mine = oneForOne(g, t, true);
        if (mine > POINTS_EPSILON && oneForOne(g, t, false) > POINTS_EPSILON) {
          keep(
            partner,
            [yours[g]!],
            [theirs[t]!],
            sideOf(you, yourPoints + mine, []),
            sideOf(partner, theirPoints + oneForOne(g, t, false), []),
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
            helpsYou[t] &&
            (helpsThem[a] || helpsThem[b]) &&
            oneForOne(a, t, true) > POINTS_EPSILON &&
            oneForOne(b, t, true) > POINTS_EPSILON &&
            top.couldEnter(Math.min(oneForOne(a, t, true), oneForOne(b, t, true)));
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
            helpsThem[g] &&
            (helpsYou[a] || helpsYou[b]) &&
            top.couldEnter(addsForYou[a]! + addsForYou[b]!) &&
            oneForOne(g, a, false) > POINTS_EPSILON &&
            oneForOne(g, b, false) > POINTS_EPSILON;
          if (isPossible) tryTrade([yours[g]!], [theirs[a]!, theirs[b]!]);
        }
      }
    }
  }
  return { trades: trades.sort(byBestForCaller).slice(0, limit), tradesConsidered, tradesEvaluated };
}
