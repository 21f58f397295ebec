import { LEAGUE_SIMULATION_SEED, playablePlayers, toSimulationPlayer, weekStarterIds } from '@fm/contract';
import type { MatchupInput, SimulationPlayer } from '@fm/engine';
import type { CallerRuns } from './caller-runs.js';
import type { RosLeague } from './league-context.js';
import { opponentOf } from './week-matchup.js';

/** One team of a trade: who starts this week before it and after it. */
export interface TradeWeekSide {
  rosterId: number;
  startersBefore: readonly string[];
  startersAfter: readonly string[];
}

export interface TradeWeekOdds {
  /** ΔP(win) this week of each side, in the order given, from matchup runs on the simulation threads. */
  deltaWinProbability(sides: readonly [TradeWeekSide, TradeWeekSide]): Promise<[number, number]>;
}

/**
 * Matchup runs a trade adds at most: each side's run after it, and its run before it the first time that side
 * meets its opponent so (the before runs are kept).
 */
export const MATCHUP_RUNS_PER_TRADE = 4;

/**
 * Players a matchup run of this league draws at most: the team's roster and its opponent's, and the (at most two)
 * players a trade brings the team.
 */
export function tradeMatchupPlayers(league: RosLeague): number {
  const largest = Math.max(0, ...league.details.rosters.map((roster) => playablePlayers(roster).length));
  return 2 * largest + 2;
}

/**
 * ΔP(win) this week of both teams of trades in one league, on the league seed. Each team's matchup draws its own
 * roster and its opponent's line-up first, in a fixed order, and the players it receives after them, so its runs
 * before and after a trade share their scenarios (common random numbers) and the difference is the trade's.
 * The opponent plays the line-up it has set, or, when it is the other team of the trade, its best line-up
 * before and after. A team without a game this week (or a league whose week is over) changes by 0.
 */
export function tradeWeekOdds(league: RosLeague, iterations: number, runs: CallerRuns): TradeWeekOdds {
  const { details } = league;
  const isThisWeek = league.weeks[0] === details.week;
  const playerById = new Map<string, SimulationPlayer>();
  const rosterPlayerIds = new Map<number, string[]>();
  for (const roster of details.rosters) {
    const players = playablePlayers(roster);
    rosterPlayerIds.set(
      roster.roster_id,
      players.map((player) => player.player_id),
    );
    for (const player of players) {
      playerById.set(player.player_id, toSimulationPlayer(details, roster.roster_id, player));
    }
  }
  const before = new Map<string, number>();

  const winProbability = async (
    scenarioIds: readonly string[],
    starters: readonly string[],
    opponentStarters: readonly string[],
  ): Promise<number> => {
    const players = (ids: readonly string[]) => ids.flatMap((id) => playerById.get(id) ?? []);
    const input: MatchupInput = {
      user: { players: players(starters) },
      opponent: { players: players(opponentStarters) },
      scenarioPlayers: players([...new Set([...scenarioIds, ...starters, ...opponentStarters])]),
      iterations,
      seed: LEAGUE_SIMULATION_SEED,
    };
    return (await runs.winProbability(input))!;
  };

  const deltaOf = async (side: TradeWeekSide, other: TradeWeekSide): Promise<number> => {
    const opponentId = opponentOf(details, side.rosterId);
    if (!isThisWeek || opponentId === null) return 0;
    const isOpponentInTrade = opponentId === other.rosterId;
    const opponentBefore = isOpponentInTrade ? other.startersBefore : weekStarterIds(details, opponentId);
    const opponentAfter = isOpponentInTrade ? other.startersAfter : opponentBefore;
    if (opponentBefore.length === 0 || side.startersBefore.length === 0) return 0;
    const scenarioIds = [
      ...(rosterPlayerIds.get(side.rosterId) ?? []),
      ...(isOpponentInTrade ? (rosterPlayerIds.get(opponentId) ?? []) : opponentBefore),
    ];
    const key = `${side.rosterId}:${isOpponentInTrade ? opponentId : 'set'}`;
    let winBefore = before.get(key);
    if (winBefore === undefined) {
      winBefore = await winProbability(scenarioIds, side.startersBefore, opponentBefore);
      before.set(key, winBefore);
    }
    const isUnchanged =
      sameSet(side.startersBefore, side.startersAfter) && sameSet(opponentBefore, opponentAfter);
    return isUnchanged
      ? 0
      : (await winProbability(scenarioIds, side.startersAfter, opponentAfter)) - winBefore;
  };

  return {
    // one after the other: a call's runs never fill the threads in front of other users' simulations
    deltaWinProbability: async ([you, partner]) => [await deltaOf(you, partner), await deltaOf(partner, you)],
  };
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const other = new Set(b);
  return a.length === other.size && a.every((id) => other.has(id));
}
