import { EngineInputError } from '../errors.js';
import { IDEAS_PER_PARTNER, ideaOf, orderIdeas, TopIdeas } from './trade-ideas.js';
import { POINTS_EPSILON, TradeScorer } from './trade-scorer.js';
import type { TradeLeague, TradeSidePoints, WinWinSearch, WinWinTrade } from './types.js';

/**
 * Players of a roster a two-player side may take: its most valuable this many (by rest-of-season expected
 * points). A usual 16-player roster is searched whole; a deep (dynasty) roster of 30 would otherwise multiply the
 * 2-for-1 and 1-for-2 swaps by (30·29/2·30) / (16·15/2·16) ≈ 6.8. So a search looks at no more than
 * partners × (n·m + C(20,2)·m + n·C(20,2)) swaps for rosters of n and m players: 45,056 on a 12-team league of
 * 16-player rosters, 212,040 on one of 20-player rosters.
 */
export const MAX_PACKAGE_PLAYERS = 20;

export interface WinWinOptions {
  /**
   * Keep only the first `limit` suggestions (in `orderIdeas`' order). Then a multi-player swap is not recomputed
   * when a bound on the caller's gain (the smaller of its two 1-for-1 gains when sending two; the sum of what
   * each incoming player would add alone when receiving two, the best line-up's points being submodular) can
   * reach neither the `limit`-th best idea kept so far nor the partner's IDEAS_PER_PARTNER-th.
   */
  limit?: number;
}

/**
 * Trade ideas for roster `rosterId`: every 1-for-1 and 2-for-1 trade (the caller gives two and gets one, or gives
 * one and gets two) with each other roster after which BOTH teams' best line-ups score more over the rest of the
 * season, in the order `orderIdeas` gives (one trade per set of players the caller gets; the first ones spread
 * over partners). Left out:
 * - players without a projection (`hasProjection: false`): their points are a position's average, not theirs;
 * - throw-ins: a 2-for-1 is kept only when each of its two players matters, i.e. the 1-for-1 without him leaves
 *   one of the teams worse off; otherwise the 1-for-1 is the idea (and is found on its own).
 *
 * Pruned by two bounds that follow from "more players never make a best line-up worse":
 * - a team's line-ups after a trade score no more than with the incoming players added and none sent, so a
 *   trade can help a team only if a player it receives would start for it in some week;
 * - a team sending two players for one ends with a subset of the roster it has after sending either one alone
 *   for that player, so it gains from the 2-for-1 only if it gains from both of those 1-for-1s.
 *
 * Input and output are plain data (a worker thread may run it).
 */
export function findWinWinTrades(
  league: TradeLeague,
  rosterId: number,
  options: WinWinOptions = {},
): WinWinSearch {
  return findWinWinTradesWith(new TradeScorer(league), rosterId, options);
}

// The players of a side list worth pairing: all of them, or the MAX_PACKAGE_PLAYERS most valuable.
function packageCandidates(scorer: TradeScorer, players: Int32Array): number[] {
  const order = Array.from(players, (_, i) => i);
  if (order.length <= MAX_PACKAGE_PLAYERS) return order;
  const { totalMeans } = scorer.pool;
  return order
    .sort((a, b) => totalMeans[players[b]!]! - totalMeans[players[a]!]! || a - b)
    .slice(0, MAX_PACKAGE_PLAYERS)
    .sort((a, b) => a - b);
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
  const tradable = (r: number) => pool.members[r]!.filter((p) => scorer.isTradable[p] === 1);
  const yours = tradable(you);
  const yourPairs = packageCandidates(scorer, yours);
  const yourPoints = scorer.rosterPoints(you);
  const trades: WinWinTrade[] = [];
  const top = new TopIdeas(limit);
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

  for (let partner = 0; partner < pool.rosterIds.length; partner++) {
    if (partner === you) continue;
    const theirs = tradable(partner);
    const theirPairs = packageCandidates(scorer, theirs);
    const theirPoints = scorer.rosterPoints(partner);
    const partnerTop = new TopIdeas(IDEAS_PER_PARTNER);
    const couldEnter = (bound: number) => top.couldEnter(bound) || partnerTop.couldEnter(bound);
    const keep = (
      give: number[],
      get: number[],
      yourSide: TradeSidePoints,
      theirSide: TradeSidePoints,
    ): void => {
      const trade: WinWinTrade = {
        partnerRosterId: pool.rosterIds[partner]!,
        give: give.map((p) => pool.ids[p]!),
        get: get.map((p) => pool.ids[p]!),
        you: yourSide,
        partner: theirSide,
      };
      top.add(ideaOf(trade), yourSide.deltaRosPoints);
      partnerTop.add(ideaOf(trade), yourSide.deltaRosPoints);
      trades.push(trade);
    };
    const helpsYou = Uint8Array.from(theirs, (p) => (scorer.couldHelp(you, p) ? 1 : 0));
    const helpsThem = Uint8Array.from(yours, (g) => (scorer.couldHelp(partner, g) ? 1 : 0));
    const addsForYou = Float64Array.from(theirs, (p) =>
      scorer.gainsOf(you, p).reduce((sum, gain) => sum + gain, 0),
    );

    const give = [0];
    const get = [0];
    // 1-for-1: each side's change, [your player × their player], computed when first needed; −∞ where a
    // bound rules a gain out (the change is then ≤ 0).
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
            [yours[g]!],
            [theirs[t]!],
            sideOf(you, yourPoints + mine, []),
            sideOf(partner, theirPoints + oneForOne(g, t, false), []),
          );
        }
      }
    }

    // A 2-for-1 whose 1-for-1 without one of the two (`g` for `t`) leaves both teams as well off has a throw-in.
    const hasThrowIn = (subTrades: [number, number][], mine: number, theirGains: number): boolean =>
      subTrades.some(
        ([g, t]) =>
          oneForOne(g, t, true) >= mine - POINTS_EPSILON &&
          oneForOne(g, t, false) >= theirGains - POINTS_EPSILON,
      );
    const tryTrade = (giveAt: number[], getAt: number[], subTrades: [number, number][]): void => {
      tradesEvaluated++;
      const giving = giveAt.map((g) => yours[g]!);
      const getting = getAt.map((t) => theirs[t]!);
      const yourSide = scorer.side(you, giving, getting);
      const mine = yourSide.pointsAfter - yourPoints;
      if (mine <= POINTS_EPSILON) return;
      const theirSide = scorer.side(partner, getting, giving);
      const theirGains = theirSide.pointsAfter - theirPoints;
      if (theirGains <= POINTS_EPSILON || hasThrowIn(subTrades, mine, theirGains)) return;
      keep(
        giving,
        getting,
        sideOf(you, yourSide.pointsAfter, yourSide.dropped),
        sideOf(partner, theirSide.pointsAfter, theirSide.dropped),
      );
    };
    // You give two, get one: you must gain from each 1-for-1, and they must want one of your two.
    for (let i = 0; i < yourPairs.length; i++) {
      for (let j = i + 1; j < yourPairs.length; j++) {
        const a = yourPairs[i]!;
        const b = yourPairs[j]!;
        for (let t = 0; t < theirs.length; t++) {
          tradesConsidered++;
          const isPossible =
            helpsYou[t] &&
            (helpsThem[a] || helpsThem[b]) &&
            oneForOne(a, t, true) > POINTS_EPSILON &&
            oneForOne(b, t, true) > POINTS_EPSILON &&
            couldEnter(Math.min(oneForOne(a, t, true), oneForOne(b, t, true)));
          if (isPossible)
            tryTrade(
              [a, b],
              [t],
              [
                [a, t],
                [b, t],
              ],
            );
        }
      }
    }
    // You give one, get two: they must gain from each 1-for-1, and you must want one of their two.
    for (let g = 0; g < yours.length; g++) {
      for (let i = 0; i < theirPairs.length; i++) {
        for (let j = i + 1; j < theirPairs.length; j++) {
          const a = theirPairs[i]!;
          const b = theirPairs[j]!;
          tradesConsidered++;
          const isPossible =
            helpsThem[g] &&
            (helpsYou[a] || helpsYou[b]) &&
            couldEnter(addsForYou[a]! + addsForYou[b]!) &&
            oneForOne(g, a, false) > POINTS_EPSILON &&
            oneForOne(g, b, false) > POINTS_EPSILON;
          if (isPossible)
            tryTrade(
              [g],
              [a, b],
              [
                [g, a],
                [g, b],
              ],
            );
        }
      }
    }
  }
  return { trades: orderIdeas(trades).slice(0, limit), tradesConsidered, tradesEvaluated };
}
