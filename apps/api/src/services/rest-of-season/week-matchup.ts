import {
  type LeagueDetails,
  playablePlayers,
  rosterOf,
  sideStarters,
  toSimulationPlayer,
  weekStarterIds,
} from '@fm/contract';
import { type SimulationPlayer, simulateMatchup, type MatchupInput } from '@fm/engine';
import { LEAGUE_SIMULATION_SEED } from '@fm/contract';

/** This week's opponent of a roster (by the platform's matchups), or null without a game. */
export function opponentOf(details: LeagueDetails, rosterId: number): number | null {
  const mine = details.matchups.find((matchup) => matchup.roster_id === rosterId);
  if (!mine || mine.matchup_id === null) return null;
  const other = details.matchups.find(
    (matchup) => matchup.matchup_id === mine.matchup_id && matchup.roster_id !== rosterId,
  );
  return other?.roster_id ?? null;
}

/**
 * This week's matchup of `rosterId` with `starterIds` as its line-up against the opponent's line-up as set, the
 * engine's input on the league seed. Every player of the roster and the opponent's starters are drawn first, in a
 * fixed order, then `newcomers` (players not on the roster yet): two line-ups of one roster are scored on the same
 * scenarios, so their difference in win probability is the line-ups', not sampling noise. Null without a game.
 */
export function weekMatchupInput(
  details: LeagueDetails,
  rosterId: number,
  starterIds: readonly string[],
  newcomers: readonly SimulationPlayer[],
  iterations: number,
): MatchupInput | null {
  const opponentId = opponentOf(details, rosterId);
  const roster = rosterOf(details, rosterId);
  if (opponentId === null || !roster) return null;
  const own = playablePlayers(roster).map((player) => toSimulationPlayer(details, rosterId, player));
  const opponent = sideStarters(details, {
    rosterId: opponentId,
    starterIds: weekStarterIds(details, opponentId),
  }).map((player) => toSimulationPlayer(details, opponentId, player));
  const byId = new Map([...own, ...newcomers].map((player) => [player.id, player]));
  const starters = starterIds.flatMap((id) => byId.get(id) ?? []);
  if (starters.length === 0 || opponent.length === 0) return null;
  return {
    user: { players: starters },
    opponent: { players: opponent },
    scenarioPlayers: [
      ...own,
      ...opponent,
      ...newcomers.filter((player) => !own.some((p) => p.id === player.id)),
    ],
    iterations,
    seed: LEAGUE_SIMULATION_SEED,
  };
}

/** P(win) this week with that line-up (ties half), or null without a game. */
export function weekWinProbability(input: MatchupInput | null): number | null {
  return input ? simulateMatchup(input).winProbability : null;
}
