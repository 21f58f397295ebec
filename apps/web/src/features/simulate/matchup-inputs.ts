import type { RouterInputs } from '@fm/api';
import {
  checkLineup,
  DEFAULT_ITERATIONS,
  type LineupLabInput,
  type MatchupInput,
  type SimulationPlayer,
} from '@fm/engine';
import { type LeagueDetails, type LeagueRoster, rosterById } from './league-details';
import { playablePlayers, playerGame, toRosterPlayer, toSimulationPlayer } from './matchup-players';

/** The preview and the server run share a seed, so equal line-ups give equal numbers. */
export const SIMULATION_SEED = 20_251;
export const NO_KNOWN_STARTERS_MESSAGE =
  'None of these starters are in our player directory yet, so the server cannot simulate this matchup.';

export interface Side {
  rosterId: number;
  /** Player ids starting, in the order the user sees them. */
  starterIds: string[];
}

/** A team's name as pages say it (platforms keep stray spaces: "Bovco Country "). */
export function teamName(roster: LeagueRoster | undefined): string {
  return roster?.owner_name.trim() || 'Unknown team';
}

function startersOf(details: LeagueDetails, side: Side) {
  const roster = rosterById(details, side.rosterId);
  if (!roster) return [];
  const byId = new Map(playablePlayers(roster).map((player) => [player.player_id, player]));
  return side.starterIds.flatMap((id) => {
    const player = byId.get(id);
    return player ? [player] : [];
  });
}

/**
 * The players the lineup lab draws, in its order: the user's whole playable roster, then the opponent's starters.
 * The preview draws the same ones with the same seed (common random numbers), so the headline's win probability
 * for a line-up is exactly the lab's figure for it ("now", and after a suggested swap or the best line-up).
 */
function labScenarioPlayers(details: LeagueDetails, user: Side, opponent: Side): SimulationPlayer[] {
  const roster = rosterById(details, user.rosterId);
  const userPlayers = roster ? playablePlayers(roster) : startersOf(details, user);
  return [
    ...userPlayers.map((player) => toSimulationPlayer(details, user.rosterId, player)),
    ...startersOf(details, opponent).map((player) => toSimulationPlayer(details, opponent.rosterId, player)),
  ];
}

/** The engine input of the instant preview: both line-ups as chosen, in league scoring. */
export function previewMatchupInput(details: LeagueDetails, user: Side, opponent: Side): MatchupInput | null {
  const team = (side: Side) => ({
    name: teamName(rosterById(details, side.rosterId)),
    players: startersOf(details, side).map((player) => toSimulationPlayer(details, side.rosterId, player)),
  });
  const userTeam = team(user);
  const opponentTeam = team(opponent);
  if (userTeam.players.length === 0 || opponentTeam.players.length === 0) return null;
  return {
    user: userTeam,
    opponent: opponentTeam,
    scenarioPlayers: labScenarioPlayers(details, user, opponent),
    iterations: DEFAULT_ITERATIONS,
    seed: SIMULATION_SEED,
  };
}

/** A team in the object form /matchup/analyze takes (the server's input type, checked by the compiler). */
export type ServerTeam = Exclude<RouterInputs['matchup']['analyze']['userTeam'], unknown[]>;
type ServerStarter = ServerTeam['starters'][number];

/**
 * A team as /matchup/simulate takes it: our player ids, final points, and players who score nothing (out or on a
 * bye). A game under way is left to the server, which holds the same game states; a partial score is never sent
 * as final. Players our
 * directory does not know yet (often team defenses and kickers) cannot go to the server; their
 * names are returned so the page can say so.
 */
export function serverTeam(details: LeagueDetails, side: Side): { team: ServerTeam; leftOut: string[] } {
  const roster = rosterById(details, side.rosterId);
  const leftOut: string[] = [];
  const starters: ServerStarter[] = [];
  for (const player of startersOf(details, side)) {
    const appId = details.app_player_ids[player.player_id];
    if (appId === undefined) {
      leftOut.push(player.name);
      continue;
    }
    const game = playerGame(details, side.rosterId, player);
    starters.push({
      id: appId,
      ...(game?.state === 'final' ? { actual_points: game.points, is_final: true } : {}),
      ...(game?.state === 'out' || game?.state === 'bye' ? { is_out: true } : {}),
    });
  }
  return { team: { name: teamName(roster), roster_id: side.rosterId, starters }, leftOut };
}

/**
 * Puts the chosen starters into the league's starting slots (each in the narrowest slot he fits, so a flex does
 * not take the only tight end); slots nobody can fill stay empty (null).
 */
export function alignToSlots(
  starters: { player_id: string; name?: string; position: string }[],
  rosterPositions: string[],
): (string | null)[] {
  const check = checkLineup(
    starters.map((player) => ({
      id: player.player_id,
      name: player.name ?? null,
      position: player.position,
    })),
    rosterPositions,
  );
  return check.slots.map((slot) => slot.playerId);
}

/** The start/sit lab for the user's roster against the opponent's chosen line-up, in `rosterPositions`. */
export function lineupLabInput(
  details: LeagueDetails,
  user: Side,
  opponent: Side,
  rosterPositions: string[] = details.league.roster_positions,
): LineupLabInput | null {
  const roster = rosterById(details, user.rosterId);
  if (!roster || rosterPositions.length === 0) return null;
  const starters = startersOf(details, user);
  const opponentPlayers = startersOf(details, opponent).map((player) =>
    toSimulationPlayer(details, opponent.rosterId, player),
  );
  if (starters.length === 0 || opponentPlayers.length === 0) return null;
  // Same players in the same order as labScenarioPlayers, so the preview and the lab draw the same scenarios.
  return {
    roster: playablePlayers(roster).map((player) => toRosterPlayer(details, user.rosterId, player)),
    starters: alignToSlots(starters, rosterPositions),
    rosterPositions,
    opponent: opponentPlayers,
    iterations: DEFAULT_ITERATIONS,
    seed: SIMULATION_SEED,
  };
}
