import {
  isOutStatus,
  normalizePosition,
  POSITION_BASELINE,
  type RosterPlayer,
  type SimulationPlayer,
} from '@fm/engine';
import type { LeagueDetails, LeaguePlayer, LeagueRoster } from './league-details';

export function isRuledOut(player: Pick<LeaguePlayer, 'injury_status'>): boolean {
  return isOutStatus(player.injury_status);
}

/**
 * Points a player has already scored this week, which count as banked: from the synced weekly stats in the
 * league's scoring when we hold them, else the platform's own per-player points. Every recorded score counts once
 * the week is over; while games are on, any score (a game that has started). Null when nothing is banked (the
 * player is simulated from his projection).
 */
export function bankedPoints(details: LeagueDetails, rosterId: number, playerId: string): number | null {
  const matchup = details.matchups.find((m) => m.roster_id === rosterId);
  const points = details.stats_points[playerId] ?? matchup?.players_points[playerId];
  if (points === undefined) return null;
  if (details.is_week_complete) return points;
  return points !== 0 ? points : null;
}

/** One rostered player as the engine takes him: projection in league scoring, banked points, status. */
export function toSimulationPlayer(
  details: LeagueDetails,
  rosterId: number,
  player: LeaguePlayer,
): SimulationPlayer {
  const projection = details.projections[player.player_id];
  const banked = bankedPoints(details, rosterId, player.player_id);
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
    ...(banked !== null
      ? { isFinal: true, actualPoints: banked }
      : isRuledOut(player)
        ? { isOut: true }
        : {}),
  };
}

/** For the lineup lab: a banked player's game is under way or over, so he cannot be moved. */
export function toRosterPlayer(details: LeagueDetails, rosterId: number, player: LeaguePlayer): RosterPlayer {
  const simulated = toSimulationPlayer(details, rosterId, player);
  return { ...simulated, isLocked: simulated.isFinal === true };
}

/** Starters and bench (injured reserve and taxi squads cannot be started). */
export function playablePlayers(roster: LeagueRoster): LeaguePlayer[] {
  return [...roster.players.starters, ...roster.players.bench];
}

export type ExpectedBasis = 'banked' | 'out' | 'projection' | 'average' | 'none';

/**
 * The points shown next to a player before the preview has run, and what they rest on: banked points, 0 when
 * out, his projection, or (without one) the position's average the simulation fills in; `none` for a
 * position the engine does not model.
 */
export function expectedPointsOf(
  details: LeagueDetails,
  rosterId: number,
  player: LeaguePlayer,
): { points: number | null; basis: ExpectedBasis } {
  const banked = bankedPoints(details, rosterId, player.player_id);
  if (banked !== null) return { points: banked, basis: 'banked' };
  if (isRuledOut(player)) return { points: 0, basis: 'out' };
  const projected = details.projections[player.player_id]?.mean;
  if (projected !== undefined) return { points: projected, basis: 'projection' };
  const position = normalizePosition(player.position);
  return position
    ? { points: POSITION_BASELINE[position].mean, basis: 'average' }
    : { points: null, basis: 'none' };
}
