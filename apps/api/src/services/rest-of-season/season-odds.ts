import { MIN_WEEKLY_STD, seasonOutlookInput, type TeamWeekly } from '@fm/contract';
import {
  DEFAULT_ITERATIONS,
  LineupPool,
  MIN_ITERATIONS,
  type SeasonOutlookInput,
  type WeeklyLineups,
} from '@fm/engine';
import { validationError } from '../../errors.js';
import { type CallCost, MAX_CALL_COST, MAX_SIMULATION_COST } from '../simulation/admission.js';
import type { RosLeague } from './league-context.js';
import { tradeLeagueOf } from './trades-league.js';

const NO_LINEUPS: WeeklyLineups = { means: [], stds: [], starters: [] };

/** A team's weekly points for the season simulation: its best line-up's, each week. */
export function weeklyOfLineups(lineups: WeeklyLineups): TeamWeekly {
  return {
    mean: lineups.means,
    std: lineups.stds.map((std) => Math.max(MIN_WEEKLY_STD, std)),
  };
}

/** Each team's best line-ups over the remaining weeks, by roster id. */
export function leagueLineups(league: RosLeague): Map<number, WeeklyLineups> {
  const { rosters, slots } = tradeLeagueOf(league);
  const pool = new LineupPool(rosters, slots);
  return new Map(pool.rosterIds.map((rosterId, r) => [rosterId, pool.weeklyLineups(r)]));
}

/**
 * The season simulation of the league with each team's best line-ups, on the league seed (every run of a call
 * draws the same seasons: common random numbers, so a change between two runs is the change made, not noise).
 */
export function seasonInputOf(
  league: RosLeague,
  lineups: ReadonlyMap<number, WeeklyLineups>,
  iterations?: number,
): SeasonOutlookInput {
  const input = seasonOutlookInput(league.details, (roster) =>
    weeklyOfLineups(lineups.get(roster.roster_id) ?? NO_LINEUPS),
  );
  if (!input) throw validationError('A league needs at least two teams for its season to be simulated.');
  return iterations === undefined ? input : { ...input, iterations };
}

/**
 * What a season run costs in the simulations' cost cap: each iteration draws one score per team and remaining
 * week, as a matchup run draws one per player.
 */
export function seasonRunCost(input: SeasonOutlookInput): { iterations: number; players: number } {
  return {
    iterations: input.iterations ?? DEFAULT_ITERATIONS,
    players: input.teams.length * Math.max(1, input.schedule.length),
  };
}

/**
 * Share of the per-call budget (MAX_CALL_COST) a call's season runs may take together: the rest is for the
 * matchup runs that some calls run beside them (free agents: one per candidate at the same iterations).
 */
const SEASON_SHARE_OF_CALL = 0.75;

/**
 * Iterations for each of a call's season runs: `budget` shared by `runs` runs, at most the default, at least the
 * engine's minimum, never over the simulations' cost cap for one run of this league, and all runs together within
 * their share of the per-call budget.
 */
export function seasonIterations(league: RosLeague, runs: number, budget: number): number {
  const perIteration = league.teams.length * Math.max(1, league.weeks.length);
  const capped = Math.floor(MAX_SIMULATION_COST / perIteration);
  const shared = Math.floor(budget / Math.max(1, runs));
  const withinCall = Math.floor((MAX_CALL_COST * SEASON_SHARE_OF_CALL) / (Math.max(1, runs) * perIteration));
  return Math.max(MIN_ITERATIONS, Math.min(DEFAULT_ITERATIONS, shared, capped, withinCall));
}

/** What `runs` season runs of `input` draw in all, for the call's price (admission.ts), described for a refusal. */
export function seasonCallCost(input: SeasonOutlookInput, runs: number, what: string): CallCost {
  const { iterations, players } = seasonRunCost(input);
  return {
    total: runs * iterations * players,
    what,
    runs:
      `${runs} season ${runs === 1 ? 'run' : 'runs'} of ${iterations.toLocaleString('en-US')} seasons × ` +
      `${input.teams.length} teams × ${Math.max(1, input.schedule.length)} weeks`,
  };
}
