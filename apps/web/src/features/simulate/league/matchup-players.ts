import { playerGame } from '@fm/contract';
import { normalizePosition, POSITION_BASELINE } from '@fm/engine';
import type { LeagueDetails, LeaguePlayer } from '../shared/league-details';

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
 * so far plus his projection's remaining share; on a bye 0, when out what he scored before (0 before kickoff); his projection, or (without one) the
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
  if (game?.state === 'out' || game?.state === 'bye') return { points: game.points, basis: game.state };
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
