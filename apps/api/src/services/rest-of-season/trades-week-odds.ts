import { LEAGUE_SIMULATION_SEED, playablePlayers, toSimulationPlayer, weekStarterIds } from '@fm/contract';
import { type SimulationPlayer, simulateMatchup } from '@fm/engine';
import type { RosLeague } from './league-context.js';
import { opponentOf } from './week-matchup.js';

/** One team of a trade: who starts this week before it and after it. */
export interface TradeWeekSide {
  rosterId: number;
  startersBefore: readonly string[];
  startersAfter: readonly string[];
}

export interface TradeWeekOdds {
  /** ΔP(win) this week of each side, in the order given. */
  deltaWinProbability(sides: readonly [TradeWeekSide, TradeWeekSide]): [number, number];
  /** Matchup simulations run so far. */
  readonly simulations: number;
}

/**
 * ΔP(win) this week of both teams of trades in one league, on the league seed. Each team's matchup draws its own
 * roster and its opponent's line-up first, in a fixed order, and the players it receives after them, so its runs
 * before and after a trade share their scenarios (common random numbers) and the difference is the trade's.
 * The opponent plays the line-up it has set, or, when it is the other team of the trade, its best line-up
 * before and after. A team without a game this week (or a league whose week is over) changes by 0.
 */
export function tradeWeekOdds(league: RosLeague, iterations: number): TradeWeekOdds {
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
  let simulations = 0;

  const winProbability = (
    scenarioIds: readonly string[],
    starters: readonly string[],
    opponentStarters: readonly string[],
  ): number => {
    const players = (ids: readonly string[]) => ids.flatMap((id) => playerById.get(id) ?? []);
    simulations++;
    return simulateMatchup({
      user: { players: players(starters) },
      opponent: { players: players(opponentStarters) },
      scenarioPlayers: players([...new Set([...scenarioIds, ...starters, ...opponentStarters])]),
      iterations,
      seed: LEAGUE_SIMULATION_SEED,
    }).winProbability;
  };

  const deltaOf = (side: TradeWeekSide, other: TradeWeekSide): number => {
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
      winBefore = winProbability(scenarioIds, side.startersBefore, opponentBefore);
      before.set(key, winBefore);
    }
    const isUnchanged =
      sameSet(side.startersBefore, side.startersAfter) && sameSet(opponentBefore, opponentAfter);
    return isUnchanged ? 0 : winProbability(scenarioIds, side.startersAfter, opponentAfter) - winBefore;
  };

  return {
    deltaWinProbability: ([you, partner]) => [deltaOf(you, partner), deltaOf(partner, you)],
    get simulations() {
      return simulations;
    },
  };
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const other = new Set(b);
  return a.length === other.size && a.every((id) => other.has(id));
}
