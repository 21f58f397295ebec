import { pointsSoFar } from '@fm/projections/points-so-far';
import {
  isByeOpponent,
  isOutStatus,
  type PlayerGame,
  type PlayerGameState,
  type RosterPlayer,
  type SimulationPlayer,
} from '@fm/engine';

/**
 * A rostered player of a league details answer as the engine takes him: one mapping for the server (the
 * win-probability timeline, a league's simulation run) and the browser (the headline, start/sit), so the two
 * cannot drift apart. The types name only the fields read, so the server's own types and the browser's
 * (`RouterOutputs`) both fit.
 */

export interface LeagueInputPlayer {
  player_id: string;
  name: string;
  position: string;
  team: string;
  injury_status?: string | null | undefined;
  bye_week?: number | null | undefined;
  /** Where his game stands; absent in an answer of a server that does not say. */
  game_state?: PlayerGameState | undefined;
  points?: number | null | undefined;
  fraction_remaining?: number | undefined;
}

export interface LeagueInputProjection {
  mean: number;
  std: number;
  p10: number | null;
  p50: number | null;
  p90: number | null;
  team: string;
  opponent: string | null;
  depth_rank: number | null;
}

export interface LeagueInputRoster<P extends LeagueInputPlayer = LeagueInputPlayer> {
  roster_id: number;
  players: { starters: P[]; bench: P[]; reserve: P[] };
}

export interface LeagueInputMatchup {
  matchup_id: number | null;
  roster_id: number;
  players_points: Record<string, number>;
  /** The week's line-up as the platform reports it (may be empty). */
  starters: string[];
}

/** The parts of a league details answer the engine input is built from. */
export interface LeagueInputDetails<P extends LeagueInputPlayer = LeagueInputPlayer> {
  week: number;
  is_week_complete: boolean;
  rosters: LeagueInputRoster<P>[];
  matchups: LeagueInputMatchup[];
  projections: Record<string, LeagueInputProjection>;
  stats_points: Record<string, number>;
  /** The week's NFL games, where the answer carries them: a player ruled out after kickoff stays locked. */
  games?: readonly { home_team: string; away_team: string; state: string }[];
}

export function isRuledOut(player: Pick<LeagueInputPlayer, 'injury_status'>): boolean {
  return isOutStatus(player.injury_status);
}

/** His team has no game in the answer's week (by his bye week or his projection's opponent). */
export function isOnBye(details: LeagueInputDetails, player: LeagueInputPlayer): boolean {
  const opponent = details.projections[player.player_id]?.opponent;
  return player.bye_week === details.week || isByeOpponent(opponent);
}

/** A game whose state arrived without its share remaining: counted as half played. */
const UNKNOWN_FRACTION_IN_PLAY = 0.5;

/** Points the league recorded for a player this week (pointsSoFar's precedence); undefined when nothing is. */
export function recordedPoints(
  details: LeagueInputDetails,
  rosterId: number,
  playerId: string,
): number | undefined {
  const matchup = details.matchups.find((m) => m.roster_id === rosterId);
  return (
    pointsSoFar(matchup?.players_points[playerId], details.stats_points[playerId], {
      isWeekComplete: details.is_week_complete,
    }) ?? undefined
  );
}

/**
 * Where a player's game stands, as the engine conditions on it. From the answer's game fields when it carries
 * them (`game_state`, `points`, `fraction_remaining`): a finished week's points are the platform's official ones,
 * so a finished matchup agrees with its official result; `pre` and `bye` keep no points, and `out` keeps what he
 * scored before he was ruled out (the server says 0 before kickoff; a player hurt during his game will not add to
 * them). Without them, a finished week's recorded points are final whatever his status, a bye scores 0, a
 * ruled-out player his recorded points (0 if none), and anyone else is simulated from his projection (null) — a
 * partial score is never taken as final.
 */
export function playerGame(
  details: LeagueInputDetails,
  rosterId: number,
  player: LeagueInputPlayer,
): PlayerGame | null {
  const recorded = recordedPoints(details, rosterId, player.player_id);
  if (player.game_state) {
    const state = player.game_state;
    const points = (details.is_week_complete ? recorded : undefined) ?? player.points ?? recorded ?? 0;
    if (state === 'pre') return { state, points: 0, fractionRemaining: 1 };
    if (state === 'in') {
      const fraction = player.fraction_remaining ?? UNKNOWN_FRACTION_IN_PLAY;
      return { state, points, fractionRemaining: Math.min(1, Math.max(0, fraction)) };
    }
    return { state, points: state === 'bye' ? 0 : points, fractionRemaining: 0 };
  }
  if (isOnBye(details, player)) return { state: 'bye', points: 0, fractionRemaining: 0 };
  if (details.is_week_complete && recorded !== undefined) {
    return { state: 'final', points: recorded, fractionRemaining: 0 };
  }
  if (isRuledOut(player)) return { state: 'out', points: recorded ?? 0, fractionRemaining: 0 };
  return null;
}

/**
 * Whether no game of the week can still be played (its games known, each final or cancelled): nobody can score any
 * more, though the platform may not call the week complete yet.
 */
export function isEveryGameOver(games: readonly { state: string }[] | undefined): boolean {
  return (
    games !== undefined &&
    games.length > 0 &&
    games.every((game) => game.state === 'final' || game.state === 'cancelled')
  );
}

/** His team's game has kicked off (under way or over) by the answer's games; false when it carries none. */
function hasKickedOff(details: LeagueInputDetails, player: LeagueInputPlayer): boolean {
  const team = player.team.toUpperCase();
  const game = details.games?.find((g) => g.home_team === team || g.away_team === team);
  return game?.state === 'in' || game?.state === 'final';
}

/**
 * His game has started (under way or over), so he can no longer be moved in or out of the line-up: also when he
 * was ruled out during it (the platforms lock him at kickoff whatever happens after).
 */
export function isGameLocked(
  details: LeagueInputDetails,
  player: LeagueInputPlayer,
  game: PlayerGame | null,
): boolean {
  if (game?.state === 'in' || game?.state === 'final') return true;
  return game?.state === 'out' && hasKickedOff(details, player);
}

/** One rostered player as the engine takes him: projection in league scoring and where his game stands. */
export function toSimulationPlayer(
  details: LeagueInputDetails,
  rosterId: number,
  player: LeagueInputPlayer,
): SimulationPlayer {
  const projection = details.projections[player.player_id];
  const game = playerGame(details, rosterId, player);
  return {
    id: player.player_id,
    name: player.name,
    position: player.position,
    team: projection?.team ?? player.team,
    opponent: projection?.opponent ?? null,
    depthRank: projection?.depth_rank ?? null,
    ...(projection
      ? {
          predMean: projection.mean,
          predStd: projection.std,
          p10: projection.p10,
          p50: projection.p50,
          p90: projection.p90,
        }
      : {}),
    ...(game ? { game } : {}),
  };
}

/** For the lineup lab: a player whose game is under way or over cannot be moved. */
export function toRosterPlayer(
  details: LeagueInputDetails,
  rosterId: number,
  player: LeagueInputPlayer,
): RosterPlayer {
  const simulated = toSimulationPlayer(details, rosterId, player);
  return { ...simulated, isLocked: isGameLocked(details, player, simulated.game ?? null) };
}
