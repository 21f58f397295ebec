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

const keyOf = (trade: { partnerRosterId: number; give: string[]; get: string[] }) =>
  `${trade.partnerRosterId}:${trade.give.join('+')}>${trade.get.join('+')}`;

// Every 1-for-1 and 2-for-1 swap of roster `you`, evaluated one by one without any pruning: the win-win ones
// whose every player matters (the trade without him leaves a team worse off), the best for `you` of each set of
// players `you` gets.
function allWinWinByAnalyzer(league: TradeLeague, you: number): string[] {
  const scorer = new TradeScorer(league);
  const best = new Map<string, { key: string; mine: number; theirs: number; size: number }>();
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
    const gains = (give: string[], get: string[]) => {
      const result = evaluateTradeWith(scorer, {
        rosterId: you,
        partnerRosterId: partner.rosterId,
        give,
        get,
      });
      return [result.you.deltaRosPoints, result.partner.deltaRosPoints] as const;
    };
    for (const [give, get] of swaps) {
      const [yours, theirGain] = gains(give!, get!);
      if (yours <= 1e-6 || theirGain <= 1e-6) continue;
      const withoutOne =
        give!.length === 2
          ? give!.map((g) => gains([g], get!))
          : get!.length === 2
            ? get!.map((t) => gains(give!, [t]))
            : [];
      if (withoutOne.some(([y, p]) => y >= yours - 1e-6 && p >= theirGain - 1e-6)) continue;
      const idea = `${partner.rosterId}:${[...get!].sort().join('+')}`;
      const size = give!.length + get!.length;
      const kept = best.get(idea);
      const isBetter =
        !kept ||
        yours > kept.mine + 1e-9 ||
        (Math.abs(yours - kept.mine) <= 1e-9 &&
          (theirGain > kept.theirs + 1e-9 ||
            (Math.abs(theirGain - kept.theirs) <= 1e-9 && size < kept.size)));
      if (isBetter) {
        best.set(idea, {
          key: keyOf({ partnerRosterId: partner.rosterId, give: give!, get: get! }),
          mine: yours,
          theirs: theirGain,
          size,
        });
      }
    }
  }
  return [...best.values()].map((entry) => entry.key).sort();
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
      // The line-ups shown after the trade add up to the change reported.
      const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
      for (const side of [check.you, check.partner]) {
        expect(sum(side.after.means) - sum(side.before.means)).toBeCloseTo(side.deltaRosPoints, 9);
      }
      expect(check.partner.deltaRosPoints).toBeCloseTo(trade.partner.deltaRosPoints, 9);
    }
    expect(search.trades.map(keyOf).sort()).toEqual(allWinWinByAnalyzer(league, 2));
  });

  it('with a limit, keeps the best trades for the caller that the full search finds, recomputing fewer swaps', () => {
    const league = tradeLeague(12, 5, 7);
    const full = findWinWinTrades(league, 3);
    const limited = findWinWinTrades(league, 3, { limit: 10 });
    expect(full.trades.length).toBeGreaterThan(10);
    expect(limited.trades.map(keyOf)).toEqual(full.trades.slice(0, 10).map(keyOf));
    expect(findWinWinTrades(league, 3, { limit: 25 }).trades.map(keyOf)).toEqual(
      full.trades.slice(0, 25).map(keyOf),
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

describe('trade ideas worth proposing', () => {
  it('offers different ideas: never the same players for the caller twice, at most two per partner in the first ten', () => {
    for (const [seed, you] of [
      [7, 3],
      [2026, 1],
      [11, 5],
    ] as const) {
      const { trades } = findWinWinTrades(tradeLeague(12, 5, seed), you, { limit: 50 });
      const ideas = trades.map((trade) => [...trade.get].sort().join('+'));
      expect(new Set(ideas).size, `seed ${seed}`).toBe(ideas.length);
      const partners = new Set(trades.map((trade) => trade.partnerRosterId));
      expect(partners.size, `seed ${seed}`).toBeGreaterThanOrEqual(5);
      const firstTen = trades.slice(0, 10);
      expect(firstTen).toHaveLength(10);
      for (const partner of partners) {
        const withPartner = firstTen.filter((trade) => trade.partnerRosterId === partner);
        expect(withPartner.length, `seed ${seed}, partner ${partner}`).toBeLessThanOrEqual(2);
      }
      // Within what the spread allows, the best for the caller first: each partner's trades in order.
      for (const partner of partners) {
        const gains = trades
          .filter((trade) => trade.partnerRosterId === partner)
          .map((trade) => trade.you.deltaRosPoints);
        expect(gains).toEqual([...gains].sort((a, b) => b - a));
      }
    }
  });

  it('offers no throw-ins: without any one player of a 2-for-1, one of the teams would be worse off', () => {
    // Team 1's 3-point WR starts for nobody: "bench QB plus him for team 2's third back" is the 1-for-1 again.
    const small = findWinWinTrades(smallLeague(), 1).trades.map(keyOf);
    expect(small).toContain('2:a-qb2>b-rb3');
    expect(small).not.toContain('2:a-qb2+a-wr2>b-rb3');

    const league = tradeLeague(12, 5, 7);
    const { trades } = findWinWinTrades(league, 3, { limit: 50 });
    const packages = trades.filter((trade) => trade.give.length + trade.get.length > 2);
    expect(packages.length).toBeGreaterThan(0);
    for (const trade of packages) {
      const withoutOne =
        trade.give.length === 2
          ? trade.give.map((g) => ({ give: [g], get: trade.get }))
          : trade.get.map((t) => ({ give: trade.give, get: [t] }));
      for (const smaller of withoutOne) {
        const check = evaluateTrade(league, {
          rosterId: 3,
          partnerRosterId: trade.partnerRosterId,
          ...smaller,
        });
        const isWorseForSomeone =
          check.you.deltaRosPoints < trade.you.deltaRosPoints - 1e-6 ||
          check.partner.deltaRosPoints < trade.partner.deltaRosPoints - 1e-6;
        expect(isWorseForSomeone, `${keyOf(trade)} without one: ${smaller.give}>${smaller.get}`).toBe(true);
      }
    }
  });

  it('leaves players without a projection out of every trade, while they still play for their team', () => {
    const unprojected = (league: TradeLeague, id: string): TradeLeague => ({
      ...league,
      rosters: league.rosters.map((roster) => ({
        ...roster,
        players: roster.players.map((p) => (p.id === id ? { ...p, hasProjection: false } : p)),
      })),
    });
    for (const id of ['a-qb2', 'b-rb3']) {
      const { trades } = findWinWinTrades(unprojected(smallLeague(), id), 1);
      expect(trades.length, id).toBeGreaterThan(0);
      for (const trade of trades) expect([...trade.give, ...trade.get], keyOf(trade)).not.toContain(id);
    }
    // Team 2's best back has no projection: he is in no trade, yet he still starts for team 2.
    const league = unprojected(smallLeague(), 'b-rb1');
    const check = evaluateTrade(league, { rosterId: 1, partnerRosterId: 2, give: ['a-qb2'], get: ['b-rb3'] });
    expect(check.partner.after.starters[0]).toContain('b-rb1');
  });
});
