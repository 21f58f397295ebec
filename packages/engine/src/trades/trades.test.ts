import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { parseStartingSlots } from '../lineup/slots.js';
import { tradeLeague } from '../../bench/fixtures.js';
import { evaluateTrade, evaluateTradeWith } from './evaluate-trade.js';
import { TradeScorer } from './trade-scorer.js';
import { findWinWinTrades } from './win-win-finder.js';
import type { SeasonPlayer, TradeLeague } from './types.js';

const player = (id: string, position: string, perWeek: number, weeks = 3): SeasonPlayer => ({
  id,
  position,
  weeklyMeans: new Array<number>(weeks).fill(perWeek),
});

// One QB, two RBs, one WR start. Team 1 is deep at QB and thin at RB; team 2 the reverse; team 3 in between.
const SLOTS = parseStartingSlots(['QB', 'RB', 'RB', 'WR', 'BN', 'BN']);
function smallLeague(): TradeLeague {
  return {
    slots: SLOTS,
    rosters: [
      {
        rosterId: 1,
        players: [
          player('a-qb1', 'QB', 22),
          player('a-qb2', 'QB', 19),
          player('a-rb1', 'RB', 14),
          player('a-rb2', 'RB', 4),
          player('a-wr1', 'WR', 15),
          player('a-wr2', 'WR', 3),
        ],
      },
      {
        rosterId: 2,
        players: [
          player('b-qb1', 'QB', 12),
          player('b-rb1', 'RB', 16),
          player('b-rb2', 'RB', 15),
          player('b-rb3', 'RB', 13),
          player('b-wr1', 'WR', 14),
          player('b-wr2', 'WR', 2),
        ],
      },
      {
        rosterId: 3,
        players: [
          player('c-qb1', 'QB', 18),
          player('c-rb1', 'RB', 12),
          player('c-rb2', 'RB', 11),
          player('c-wr1', 'WR', 25),
          player('c-wr2', 'WR', 5),
          player('c-k1', 'K', 9),
        ],
      },
    ],
  };
}

describe('evaluateTrade', () => {
  it('a lopsided trade hurts the giver and helps the receiver by the change in their best line-ups', () => {
    // Team 1 sends its 14-point RB for team 3's 5-point WR, who does not start for it: its RB slots fall from
    // 14 + 4 to 4 + 0. Team 3's RB slots rise from 12 + 11 to 14 + 12.
    const result = evaluateTrade(smallLeague(), {
      rosterId: 1,
      partnerRosterId: 3,
      give: ['a-rb1'],
      get: ['c-wr2'],
    });
    expect(result.you.deltaRosPoints).toBeCloseTo(-14 * 3);
    expect(result.partner.deltaRosPoints).toBeCloseTo((14 - 11) * 3);
    expect(result.you.after.starters[0]).not.toContain('a-rb1');
    expect(result.partner.after.starters[0]).toContain('a-rb1');
    expect(result.you.after.means[0]).toBeCloseTo(result.you.before.means[0]! - 14);
  });

  it('a receiver of two players for one releases his least valuable bench player', () => {
    const result = evaluateTrade(smallLeague(), {
      rosterId: 1,
      partnerRosterId: 2,
      give: ['a-qb2', 'a-wr2'],
      get: ['b-rb3'],
    });
    // Team 2: QB 19 for 12 (+7 a week), the 3-point WR sits; it releases its 2-point WR, which never starts.
    expect(result.partner.dropped).toEqual(['b-wr2']);
    expect(result.partner.deltaRosPoints).toBeCloseTo(7 * 3);
    // Team 1: RB 13 for 4 (+9 a week); its starting QB stays.
    expect(result.you.deltaRosPoints).toBeCloseTo(9 * 3);
    expect(result.you.dropped).toEqual([]);
  });

  it('refuses a player from the wrong roster and a trade with oneself', () => {
    const league = smallLeague();
    const wrong = (): unknown =>
      evaluateTrade(league, { rosterId: 1, partnerRosterId: 2, give: ['a-qb2'], get: ['c-wr1'] });
    expect(wrong).toThrow(EngineInputError);
    expect(wrong).toThrow(/c-wr1 is not on roster 2/);
    expect(() =>
      evaluateTrade(league, { rosterId: 1, partnerRosterId: 2, give: ['b-rb1'], get: ['b-rb3'] }),
    ).toThrow(/b-rb1 is not on roster 1/);
    expect(() =>
      evaluateTrade(league, { rosterId: 1, partnerRosterId: 1, give: ['a-qb2'], get: ['a-rb2'] }),
    ).toThrow(/itself/);
  });
});

// Every 1-for-1 and 2-for-1 swap of roster `you`, evaluated one by one without any pruning.
function allWinWinByAnalyzer(league: TradeLeague, you: number): string[] {
  const scorer = new TradeScorer(league);
  const found: string[] = [];
  const mine = league.rosters.find((roster) => roster.rosterId === you)!.players.map((p) => p.id);
  const pairsOf = (ids: string[]) => ids.flatMap((a, i) => ids.slice(i + 1).map((b) => [a, b]));
  for (const partner of league.rosters) {
    if (partner.rosterId === you) continue;
    const theirs = partner.players.map((p) => p.id);
    const swaps = [
      ...mine.flatMap((g) => theirs.map((t) => [[g], [t]])),
      ...pairsOf(mine).flatMap((gs) => theirs.map((t) => [gs, [t]])),
      ...mine.flatMap((g) => pairsOf(theirs).map((ts) => [[g], ts])),
    ];
    for (const [give, get] of swaps) {
      const result = evaluateTradeWith(scorer, {
        rosterId: you,
        partnerRosterId: partner.rosterId,
        give: give!,
        get: get!,
      });
      if (result.you.deltaRosPoints > 1e-6 && result.partner.deltaRosPoints > 1e-6) {
        found.push(`${partner.rosterId}:${give!.join('+')}>${get!.join('+')}`);
      }
    }
  }
  return found.sort();
}

describe('findWinWinTrades', () => {
  it('finds the planted swap of surplus for need, best for the caller first', () => {
    const search = findWinWinTrades(smallLeague(), 1);
    const keys = search.trades.map(
      (trade) => `${trade.partnerRosterId}:${trade.give.join('+')}>${trade.get.join('+')}`,
    );
    // Team 1's bench QB (19) for team 2's third RB (13): +9 a week for team 1, +7 for team 2.
    expect(keys).toContain('2:a-qb2>b-rb3');
    const planted = search.trades.find((trade) => trade.give[0] === 'a-qb2' && trade.get[0] === 'b-rb3')!;
    expect(planted.you.deltaRosPoints).toBeCloseTo(27);
    expect(planted.partner.deltaRosPoints).toBeCloseTo(21);
    for (let i = 1; i < search.trades.length; i++) {
      expect(search.trades[i - 1]!.you.deltaRosPoints).toBeGreaterThanOrEqual(
        search.trades[i]!.you.deltaRosPoints,
      );
    }
    // Two rosters of six: 6×6 + 15×6 + 6×15 swaps with each.
    expect(search.tradesConsidered).toBe(2 * (36 + 90 + 90));
  });

  it('keeps only trades after which both teams score more, and misses none the analyzer finds', () => {
    const league = tradeLeague(3, 3, 11);
    const search = findWinWinTrades(league, 2);
    expect(search.trades.length).toBeGreaterThan(0);
    for (const trade of search.trades) {
      const check = evaluateTrade(league, {
        rosterId: 2,
        partnerRosterId: trade.partnerRosterId,
        give: trade.give,
        get: trade.get,
      });
      expect(check.you.deltaRosPoints).toBeGreaterThan(0);
      expect(check.partner.deltaRosPoints).toBeGreaterThan(0);
      expect(check.you.deltaRosPoints).toBeCloseTo(trade.you.deltaRosPoints, 9);
      expect(check.partner.deltaRosPoints).toBeCloseTo(trade.partner.deltaRosPoints, 9);
    }
    const keys = search.trades
      .map((t) => `${t.partnerRosterId}:${t.give.join('+')}>${t.get.join('+')}`)
      .sort();
    expect(keys).toEqual(allWinWinByAnalyzer(league, 2));
  });

  it('with a limit, keeps the best trades for the caller that the full search finds, recomputing fewer swaps', () => {
    const league = tradeLeague(12, 5, 7);
    const full = findWinWinTrades(league, 3);
    const limited = findWinWinTrades(league, 3, { limit: 10 });
    expect(full.trades.length).toBeGreaterThan(10);
    expect(limited.trades.map((trade) => trade.you.deltaRosPoints)).toEqual(
      full.trades.slice(0, 10).map((trade) => trade.you.deltaRosPoints),
    );
    expect(limited.tradesConsidered).toBe(full.tradesConsidered);
    expect(limited.tradesEvaluated).toBeLessThan(full.tradesEvaluated);
  });

  it('searches a 12-team league of 16-player rosters with 5 weeks left', () => {
    const league = tradeLeague(12, 5, 2026);
    const search = findWinWinTrades(league, 1);
    // 11 partners × (16×16 + 120×16 + 16×120) swaps.
    expect(search.tradesConsidered).toBe(11 * (256 + 1920 + 1920));
    expect(search.tradesEvaluated).toBeLessThan(search.tradesConsidered);
    expect(search.trades.length).toBeGreaterThan(0);
    for (const trade of search.trades) {
      expect(trade.you.deltaRosPoints).toBeGreaterThan(0);
      expect(trade.partner.deltaRosPoints).toBeGreaterThan(0);
      const receiver = trade.get.length > trade.give.length ? trade.you : trade.partner;
      expect(receiver.dropped).toHaveLength(trade.give.length === trade.get.length ? 0 : 1);
    }
  });
});
