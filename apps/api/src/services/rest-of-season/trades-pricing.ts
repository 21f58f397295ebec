import type { TradeAnalysis } from '@fm/contract';
import {
  EngineInputError,
  evaluateTradeWith,
  type ProposedTrade,
  type TradeEvaluation,
  type TradeLeague,
  TradeScorer,
  type WeeklyLineups,
} from '@fm/engine';
import { validationError } from '../../errors.js';
import type { CallCost } from '../simulation/admission.js';
import type { CallerRuns } from './caller-runs.js';
import type { RosLeague } from './league-context.js';
import { seasonCallCost, seasonInputOf, seasonIterations } from './season-odds.js';
import { MATCHUP_RUNS_PER_TRADE, tradeMatchupPlayers, tradeWeekOdds } from './trades-week-odds.js';

/**
 * Iterations of every season run and ΔP(win) matchup run that prices a trade, whatever else the call prices: a
 * trade's figures are then the same in the analyzer and in the finder (they were not when a call's 40,000
 * iterations were shared by its runs: 20,000 for one trade, 3,636 each for ten, so the same trade read +1.2 % /
 * −1.6 % in one and +0.7 % / −1.0 % in the other). Every run draws the same scenarios (common random numbers):
 * a delta moves only in the seasons the trade flips, about ±0.007 at 2,000 when one season in ten flips.
 * A call pricing n trades runs n + 1 season runs and up to MATCHUP_RUNS_PER_TRADE × n matchup runs, all priced
 * before the first (callCost).
 */
const TRADE_ITERATIONS = 2_000;

/** The engine's refusal of a league or a trade (a player on two rosters, an unknown player) as a 400. */
function engineRefusalAsValidation<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof EngineInputError) throw validationError(error.message, error.field);
    throw error;
  }
}

/** A trade of the caller's team scored on the teams' best line-ups and priced. */
export interface PricedTrade {
  sides: Pick<TradeAnalysis, 'you' | 'partner'>;
  evaluation: TradeEvaluation;
}

export interface TradePricer {
  /**
   * The one path of a trade to its figures, for the analyzer and the finder alike: both teams' best line-ups
   * before and after (a team receiving more players than it sends releases its least valuable), Δ rest-of-season
   * points, ΔP(playoffs) and ΔP(win) this week, from runs on the simulation threads (the event loop computes the
   * line-ups and waits). A trade the engine refuses is a VALIDATION_ERROR.
   */
  price(trade: ProposedTrade): Promise<PricedTrade>;
  /** What pricing `trades` trades draws at most (the run before and each trade's runs), for the call's price. */
  callCost(trades: number, what: string): CallCost;
  /** Season and matchup simulations run so far. */
  readonly simulations: number;
}

/**
 * Prices trades of one league: every season run uses the same seed, the same iterations and every team's best
 * line-ups (the two trading teams' after the trade), so a change in P(playoffs) is the trade's, not sampling
 * noise. Each run is checked against the cost cap by `runs` before it starts; the call prices itself whole first
 * (callCost).
 */
export function tradePricer(league: RosLeague, tradeLeague: TradeLeague, runs: CallerRuns): TradePricer {
  const scorer = engineRefusalAsValidation(() => new TradeScorer(tradeLeague));
  const iterations = seasonIterations(league, 1, TRADE_ITERATIONS);
  const lineupsBefore = new Map<number, WeeklyLineups>(
    scorer.pool.rosterIds.map((rosterId, r) => [rosterId, scorer.pool.weeklyLineups(r)]),
  );
  const seasonBefore = seasonInputOf(league, lineupsBefore, iterations);
  const weekOdds = tradeWeekOdds(league, iterations, runs);
  let oddsBefore: Map<number, number> | undefined;

  const evaluate = (trade: ProposedTrade): TradeEvaluation =>
    engineRefusalAsValidation(() => evaluateTradeWith(scorer, trade));

  return {
    async price(trade) {
      const evaluation = evaluate(trade);
      const { you, partner } = evaluation;
      const before = (oddsBefore ??= await runs.playoffOdds(seasonBefore));
      const lineupsAfter = new Map(lineupsBefore)
        .set(you.rosterId, you.after)
        .set(partner.rosterId, partner.after);
      const oddsAfter = await runs.playoffOdds(seasonInputOf(league, lineupsAfter, iterations));
      const [youWin, partnerWin] = await weekOdds.deltaWinProbability([
        {
          rosterId: you.rosterId,
          startersBefore: you.before.starters[0] ?? [],
          startersAfter: you.after.starters[0] ?? [],
        },
        {
          rosterId: partner.rosterId,
          startersBefore: partner.before.starters[0] ?? [],
          startersAfter: partner.after.starters[0] ?? [],
        },
      ]);
      const sideOf = (side: typeof you, deltaWin: number) => ({
        roster_id: side.rosterId,
        delta_playoff_probability: (oddsAfter.get(side.rosterId) ?? 0) - (before.get(side.rosterId) ?? 0),
        delta_ros_points: side.deltaRosPoints,
        delta_win_probability_next_week: deltaWin,
      });
      return { sides: { you: sideOf(you, youWin), partner: sideOf(partner, partnerWin) }, evaluation };
    },
    callCost(trades, what) {
      const season = seasonCallCost(seasonBefore, trades + 1, what);
      const matchupRuns = MATCHUP_RUNS_PER_TRADE * trades;
      const matchups = matchupRuns * iterations * tradeMatchupPlayers(league);
      return {
        total: season.total + matchups,
        what,
        runs: `${season.runs}, and at most ${matchupRuns} matchup runs of ${iterations.toLocaleString('en-US')} games`,
      };
    },
    get simulations() {
      return runs.seasonRuns + runs.matchupRuns;
    },
  };
}
