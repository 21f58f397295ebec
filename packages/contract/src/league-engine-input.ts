import {
  checkLineup,
  DEFAULT_ITERATIONS,
  type LineupLabInput,
  type MatchupInput,
  type SimulationPlayer,
} from '@fm/engine';
import {
  type LeagueInputDetails,
  type LeagueInputPlayer,
  type LeagueInputRoster,
  toRosterPlayer,
  toSimulationPlayer,
} from './league-engine-players.js';

/**
 * A league matchup as the engine takes it: the league page's headline, its start/sit lab and the server's run of
 * the same line-ups are all built here, with one seed, so equal line-ups give one number everywhere.
 */
export const LEAGUE_SIMULATION_SEED = 20_251;

/** One team of a league matchup: its roster and who starts, in the order the user sees them. */
export interface LeagueSide {
  rosterId: number;
  /** The league's own player ids (as its rosters list them). */
  starterIds: string[];
}

/** A team's name as pages say it (platforms keep stray spaces: "Bovco Country "). */
export function teamNameOf(roster: { owner_name: string } | undefined): string {
  return roster?.owner_name.trim() || 'Unknown team';
}

export function rosterOf<P extends LeagueInputPlayer>(
  details: LeagueInputDetails<P>,
  rosterId: number | null,
): LeagueInputRoster<P> | undefined {
  return details.rosters.find((roster) => roster.roster_id === rosterId);
}

/** Starters and bench (injured reserve and taxi squads cannot be started). */
export function playablePlayers<P extends LeagueInputPlayer>(roster: LeagueInputRoster<P>): P[] {
  return [...roster.players.starters, ...roster.players.bench];
}

/**
 * Who starts for a roster in the answer's week: the week's line-up as the platform reports it in the matchup (what
 * the week is scored by, so a finished game day agrees with the official result), else the roster's current
 * starters — also when a starter of that line-up is no longer on the roster's starters or bench (a past week:
 * the answer has nobody to show in his place, and an empty slot would make the line-up illegal).
 */
export function weekStarterIds(details: LeagueInputDetails, rosterId: number): string[] {
  const roster = rosterOf(details, rosterId);
  if (!roster) return [];
  const current = roster.players.starters.map((player) => player.player_id);
  const listed = details.matchups.find((matchup) => matchup.roster_id === rosterId)?.starters ?? [];
  const playable = new Set(playablePlayers(roster).map((player) => player.player_id));
  return listed.length > 0 && listed.every((id) => playable.has(id)) ? listed : current;
}

/** A side's starters that are on its roster's playable players, in the side's order. */
export function sideStarters<P extends LeagueInputPlayer>(
  details: LeagueInputDetails<P>,
  side: LeagueSide,
): P[] {
  const roster = rosterOf(details, side.rosterId);
  if (!roster) return [];
  const byId = new Map(playablePlayers(roster).map((player) => [player.player_id, player]));
  return side.starterIds.flatMap((id) => {
    const player = byId.get(id);
    return player ? [player] : [];
  });
}

/**
 * The players a league matchup draws, in one order whichever side reads it: both teams' whole playable rosters, the
 * lower roster id first. So the matchup seen from the other side is the same simulation, its two win probabilities
 * add up to 100 %; and the lineup lab draws the same ones with the same seed (common random numbers), so a line-up's
 * win probability is exactly the lab's figure for it ("now", and after a suggested swap or the best line-up).
 */
function matchupScenarioPlayers(
  details: LeagueInputDetails,
  user: LeagueSide,
  opponent: LeagueSide,
): SimulationPlayer[] {
  const drawn = (side: LeagueSide) => {
    const roster = rosterOf(details, side.rosterId);
    const players = roster ? playablePlayers(roster) : sideStarters(details, side);
    return players.map((player) => toSimulationPlayer(details, side.rosterId, player));
  };
  const [first, second] = user.rosterId <= opponent.rosterId ? [user, opponent] : [opponent, user];
  return [...drawn(first), ...drawn(second)];
}

/**
 * Both line-ups of a league matchup as the engine takes them, with the lab's scenario players and the league seed:
 * the headline's input, and the server's for the same line-ups. Null while a side has no starters.
 */
export function leagueMatchupInput(
  details: LeagueInputDetails,
  user: LeagueSide,
  opponent: LeagueSide,
  names: { user: string | null; opponent: string | null } = { user: null, opponent: null },
): MatchupInput | null {
  const players = (side: LeagueSide) =>
    sideStarters(details, side).map((player) => toSimulationPlayer(details, side.rosterId, player));
  const userPlayers = players(user);
  const opponentPlayers = players(opponent);
  if (userPlayers.length === 0 || opponentPlayers.length === 0) return null;
  return {
    user: { name: names.user, players: userPlayers },
    opponent: { name: names.opponent, players: opponentPlayers },
    scenarioPlayers: matchupScenarioPlayers(details, user, opponent),
    iterations: DEFAULT_ITERATIONS,
    seed: LEAGUE_SIMULATION_SEED,
  };
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
export function leagueLineupLabInput(
  details: LeagueInputDetails,
  user: LeagueSide,
  opponent: LeagueSide,
  rosterPositions: string[],
): LineupLabInput | null {
  const roster = rosterOf(details, user.rosterId);
  if (!roster || rosterPositions.length === 0) return null;
  const starters = sideStarters(details, user);
  const opponentPlayers = sideStarters(details, opponent).map((player) =>
    toSimulationPlayer(details, opponent.rosterId, player),
  );
  if (starters.length === 0 || opponentPlayers.length === 0) return null;
  return {
    roster: playablePlayers(roster).map((player) => toRosterPlayer(details, user.rosterId, player)),
    starters: alignToSlots(starters, rosterPositions),
    rosterPositions,
    opponent: opponentPlayers,
    // the matchup input's players in its order, so the lab and the matchup draw the same scenarios
    scenarioPlayers: matchupScenarioPlayers(details, user, opponent),
    iterations: DEFAULT_ITERATIONS,
    seed: LEAGUE_SIMULATION_SEED,
  };
}
