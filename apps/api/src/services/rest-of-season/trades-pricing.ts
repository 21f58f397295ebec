import type { TradeAnalysis } from '@fm/contract';
import { DEFAULT_ITERATIONS, type TradeEvaluation, type TradeScorer, type WeeklyLineups } from '@fm/engine';
import type { SimulationSlot } from '../simulation/admission.js';
import type { RosLeague } from './league-context.js';
import { playoffOdds, seasonInputOf, seasonIterations, seasonRunCost } from './season-odds.js';
import { tradeWeekOdds } from './trades-week-odds.js';

/**
 * Season iterations all of a call's runs share (the league as it stands and one run per priced trade), also the
 * iterations of each ΔP(win) matchup run: 4 runs of the default 10,000, so ten suggestions run 3,636 each and
 * fifty the engine's minimum, 1,000. Every run of a call draws the same scenarios (common random numbers): a
 * delta moves only in the seasons whose outcome the trade flips, so it is precise with far fewer iterations
 * than a P(playoffs) on its own (about ±0.005 at 3,636 when one season in ten flips).
 */
const SEASON_ITERATION_BUDGET = 4 * DEFAULT_ITERATIONS;

export interface TradePricer {
  /** Both teams' ΔP(playoffs), Δ rest-of-season points and ΔP(win) this week for a trade the engine scored. */
  price(evaluation: TradeEvaluation): TradeAnalysis;
  /** Season and matchup simulations run so far. */
  readonly simulations: number;
}

/**
 * Prices up to `trades` trades of one league: every season run uses the same seed and every team's best line-ups
 * (the two trading teams' after the trade), so a change in P(playoffs) is the trade's, not sampling noise.
 * Refuses (cost cap) before any run when a season run of this league costs more than a simulation may.
 */
export function tradePricer(
  league: RosLeague,
  scorer: TradeScorer,
  trades: number,
  slot: SimulationSlot,
): TradePricer {
  const iterations = seasonIterations(league, trades + 1, SEASON_ITERATION_BUDGET);
  const lineupsBefore = new Map<number, WeeklyLineups>(
    scorer.pool.rosterIds.map((rosterId, r) => [rosterId, scorer.pool.weeklyLineups(r)]),
  );
  const seasonBefore = seasonInputOf(league, lineupsBefore, iterations);
  slot.check(seasonRunCost(seasonBefore));
  const weekOdds = tradeWeekOdds(league, iterations);
  let seasonRuns = 0;
  let oddsBefore: Map<number, number> | undefined;

  return {
    price({ you, partner }) {
      if (!oddsBefore) {
        oddsBefore = playoffOdds(seasonBefore);
        seasonRuns++;
      }
      const lineupsAfter = new Map(lineupsBefore)
        .set(you.rosterId, you.after)
        .set(partner.rosterId, partner.after);
      const oddsAfter = playoffOdds(seasonInputOf(league, lineupsAfter, iterations));
      seasonRuns++;
      const [youWin, partnerWin] = weekOdds.deltaWinProbability([
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
        delta_playoff_probability:
          (oddsAfter.get(side.rosterId) ?? 0) - (oddsBefore!.get(side.rosterId) ?? 0),
        delta_ros_points: side.deltaRosPoints,
        delta_win_probability_next_week: deltaWin,
      });
      return { you: sideOf(you, youWin), partner: sideOf(partner, partnerWin) };
    },
    get simulations() {
      return seasonRuns + weekOdds.simulations;
    },
  };
}
