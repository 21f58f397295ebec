import {
  isOutStatus,
  normalizePosition,
  POSITION_BASELINE,
  type PlayerGame,
  type RosterPlayer,
  type SimulationPlayer,
} from '@fm/engine';
import type { LeagueDetails, LeaguePlayer, LeagueRoster } from './league-details';
import { isOnBye } from './player-game';

export function isRuledOut(player: Pick<LeaguePlayer, 'injury_status'>): boolean {
  return isOutStatus(player.injury_status);
}

/** A game whose state arrived without its share remaining: counted as half played. */
const UNKNOWN_FRACTION_IN_PLAY = 0.5;

/**
 * Points the league recorded for a player this week: the platform's own per-player points (the official figure),
 * else our scoring of the synced stats in the league's rules. Undefined when nothing is recorded.
 */
export function recordedPoints(
  details: LeagueDetails,
  rosterId: number,
  playerId: string,
): number | undefined {
  const matchup = details.matchups.find((m) => m.roster_id === rosterId);
  return matchup?.players_points[playerId] ?? details.stats_points[playerId];
}

/**
 * Where a player's game stands, as the engine conditions on it. From the league answer's game fields when it
 * carries them (`game_state`, `points`, `fraction_remaining`); without them, a finished week's recorded points
 * are final, a bye or an out player scores 0, and anyone else is simulated from his projection (null) — a
 * partial score is never taken as final.
 */
export function playerGame(
  details: LeagueDetails,
  rosterId: number,
  player: LeaguePlayer,
): PlayerGame | null {
  const recorded = recordedPoints(details, rosterId, player.player_id);
  if (player.game_state) {
    const state = player.game_state;
    // A finished week's official per-player points decide it, so the answer agrees with the official result.
    const points = (details.is_week_complete ? recorded : undefined) ?? player.points ?? recorded ?? 0;
    if (state === 'pre') return { state, points: 0, fractionRemaining: 1 };
    if (state === 'in') {
      const fraction = player.fraction_remaining ?? UNKNOWN_FRACTION_IN_PLAY;
      return { state, points, fractionRemaining: Math.min(1, Math.max(0, fraction)) };
    }
    return { state, points: state === 'final' ? points : 0, fractionRemaining: 0 };
  }
  if (isOnBye(details, player)) return { state: 'bye', points: 0, fractionRemaining: 0 };
  if (isRuledOut(player)) return { state: 'out', points: 0, fractionRemaining: 0 };
  if (details.is_week_complete && recorded !== undefined) {
    return { state: 'final', points: recorded, fractionRemaining: 0 };
  }
  return null;
}

/** His game has started (under way or over), so he can no longer be moved in or out of the line-up. */
export function isGameLocked(game: PlayerGame | null): boolean {
  return game?.state === 'in' || game?.state === 'final';
}

/** One rostered player as the engine takes him: projection in league scoring and where his game stands. */
export function toSimulationPlayer(
  details: LeagueDetails,
  rosterId: number,
  player: LeaguePlayer,
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
export function toRosterPlayer(details: LeagueDetails, rosterId: number, player: LeaguePlayer): RosterPlayer {
  const simulated = toSimulationPlayer(details, rosterId, player);
  return { ...simulated, isLocked: isGameLocked(simulated.game ?? null) };
}

/** Starters and bench (injured reserve and taxi squads cannot be started). */
export function playablePlayers(roster: LeagueRoster): LeaguePlayer[] {
  return [...roster.players.starters, ...roster.players.bench];
}

export type ExpectedBasis = 'final' | 'live' | 'out' | 'bye' | 'projection' | 'average' | 'none';

/**
 * Points shown for a player and what they rest on; `soFar` is set while his game is under way, `ours` when a
 * finished week's official points differ from our scoring of his stats in the league's rules.
 */
export interface ExpectedPoints {
  points: number | null;
  basis: ExpectedBasis;
  soFar?: number;
  ours?: number;
}

/** Official and stat-based points closer than this are the same figure once shown to one decimal. */
const SAME_POINTS = 0.05;

/** Our scoring of his stats, when the week is over and it differs from the platform's official points. */
function oursWhereDifferent(details: LeagueDetails, rosterId: number, playerId: string): number | undefined {
  if (!details.is_week_complete) return undefined;
  const official = details.matchups.find((m) => m.roster_id === rosterId)?.players_points[playerId];
  const ours = details.stats_points[playerId];
  if (official === undefined || ours === undefined) return undefined;
  return Math.abs(official - ours) >= SAME_POINTS ? ours : undefined;
}

/**
 * The points shown next to a player before the preview has run: final points; while his game is on, the points
 * so far plus his projection's remaining share; 0 when out or on a bye; his projection, or (without one) the
 * position's average the simulation fills in; `none` for a position the engine does not model.
 */
export function expectedPointsOf(
  details: LeagueDetails,
  rosterId: number,
  player: LeaguePlayer,
): ExpectedPoints {
  const game = playerGame(details, rosterId, player);
  if (game?.state === 'final') {
    const ours = oursWhereDifferent(details, rosterId, player.player_id);
    return ours === undefined
      ? { points: game.points, basis: 'final' }
      : { points: game.points, basis: 'final', ours };
  }
  if (game?.state === 'out' || game?.state === 'bye') return { points: 0, basis: game.state };
  const position = normalizePosition(player.position);
  const projected =
    details.projections[player.player_id]?.mean ?? (position ? POSITION_BASELINE[position].mean : undefined);
  if (game?.state === 'in') {
    const remaining = (projected ?? 0) * game.fractionRemaining;
    return { points: game.points + remaining, basis: 'live', soFar: game.points };
  }
  if (details.projections[player.player_id]) return { points: projected!, basis: 'projection' };
  return projected !== undefined ? { points: projected, basis: 'average' } : { points: null, basis: 'none' };
}
