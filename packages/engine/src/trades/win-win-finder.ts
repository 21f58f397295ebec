import { EngineInputError } from '../errors.js';
import { POINTS_EPSILON, TradeScorer } from './trade-scorer.js';
import type { TradeLeague, TradeSide, WinWinSearch, WinWinTrade } from './types.js';

function pairs(players: Int32Array): [number, number][] {
  const found: [number, number][] = [];
  for (let a = 0; a < players.length; a++) {
    for (let b = a + 1; b < players.length; b++) found.push([players[a]!, players[b]!]);
  }
  return found;
}

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
 * season, best for the caller first. A trade can raise a team's line-ups only if a player it receives would
 * start for it in some week (its line-ups after the trade score no more than with the players added and none
 * sent), so swaps whose incoming players would start for neither side in any week are never recomputed.
 */
export function findWinWinTrades(league: TradeLeague, rosterId: number): WinWinSearch {
  return findWinWinTradesWith(new TradeScorer(league), rosterId);
}

export function findWinWinTradesWith(scorer: TradeScorer, rosterId: number): WinWinSearch {
  const { pool } = scorer;
  const you = pool.rosterIds.indexOf(rosterId);
  if (you < 0)
    throw new EngineInputError('INVALID_INPUT', 'rosterId', `no roster ${rosterId} in this league`);
  const yourPlayers = pool.members[you]!;
  const yourPairs = pairs(yourPlayers);
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
  const tryTrade = (partner: number, give: number[], get: number[]): void => {
    tradesEvaluated++;
    const yours = scorer.side(you, give, get);
    if (yours.pointsAfter - scorer.rosterPoints(you) <= POINTS_EPSILON) return;
    const theirs = scorer.side(partner, get, give);
    if (theirs.pointsAfter - scorer.rosterPoints(partner) <= POINTS_EPSILON) return;
    trades.push({
      partnerRosterId: pool.rosterIds[partner]!,
      give: give.map((p) => pool.ids[p]!),
      get: get.map((p) => pool.ids[p]!),
      you: sideOf(you, yours.pointsAfter, yours.dropped),
      partner: sideOf(partner, theirs.pointsAfter, theirs.dropped),
    });
  };

  for (let partner = 0; partner < pool.rosterIds.length; partner++) {
    if (partner === you) continue;
    const theirPlayers = pool.members[partner]!;
    const helpsYou = (p: number) => scorer.couldHelp(you, p);
    const helpsThem = (p: number) => scorer.couldHelp(partner, p);

    for (const give of yourPlayers) {
      for (const get of theirPlayers) {
        tradesConsidered++;
        if (helpsYou(get) && helpsThem(give)) tryTrade(partner, [give], [get]);
      }
    }
    for (const [first, second] of yourPairs) {
      const helpsThemEither = helpsThem(first) || helpsThem(second);
      for (const get of theirPlayers) {
        tradesConsidered++;
        if (helpsThemEither && helpsYou(get)) tryTrade(partner, [first, second], [get]);
      }
    }
    const theirPairs = pairs(theirPlayers);
    for (const give of yourPlayers) {
      const helpsThemGive = helpsThem(give);
      for (const [first, second] of theirPairs) {
        tradesConsidered++;
        if (helpsThemGive && (helpsYou(first) || helpsYou(second)))
          tryTrade(partner, [give], [first, second]);
      }
    }
  }
  return { trades: trades.sort(byBestForCaller), tradesConsidered, tradesEvaluated };
}
