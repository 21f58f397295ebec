import type { FreeAgent } from '@fm/contract';
import type { StartingSlot, WeeklyLineups } from '@fm/engine';
import { ownPoints, type Pickup, startsOver } from './pickup.js';
import type { RosPlayer, RosPlayerFacts } from './ros-players.js';

/** A free agent's pickup priced in probability (both 0 when it changes none of the caller's line-ups). */
export interface PickupOdds {
  win: number;
  playoffs: number;
}

/**
 * The list's order: ΔP(playoffs), then ΔP(win) this week, then rest-of-season points over replacement, each
 * best first; pickups that tie on all three (most often: they change nothing) follow by the player's own
 * rest-of-season points, this week's projection and name, which the page shows, so every tie reads in order.
 */
export function compareFreeAgents(a: FreeAgent, b: FreeAgent): number {
  return (
    Number(b.has_projection) - Number(a.has_projection) ||
    b.delta_playoff_probability - a.delta_playoff_probability ||
    b.delta_win_probability - a.delta_win_probability ||
    b.ros_points_over_replacement - a.ros_points_over_replacement ||
    (b.ros_projection ?? 0) - (a.ros_projection ?? 0) ||
    (b.projection ?? 0) - (a.projection ?? 0) ||
    a.name.localeCompare(b.name)
  );
}

/** A priced free agent's row: his projections, whom he starts over and whom he replaces, and the pickup's worth. */
export function pricedFreeAgent(
  entry: { player: RosPlayer; projection: number; pickup: Pickup },
  odds: PickupOdds | undefined,
  lineups: {
    before: WeeklyLineups;
    positionOf(playerId: string): string | undefined;
    slots: readonly StartingSlot[];
  },
): FreeAgent {
  const { player, pickup } = entry;
  const after = pickup.lineups.starters[0] ?? [];
  return {
    ...factsOf(player),
    projection: entry.projection,
    ros_projection: ownPoints(player),
    has_projection: true,
    starts_over_player_id: startsOver(
      lineups.before.starters[0] ?? [],
      after,
      player,
      lineups.positionOf,
      lineups.slots,
    ),
    replaces_player_id: pickup.dropId,
    delta_win_probability: odds?.win ?? 0,
    ros_points_over_replacement: pickup.pointsGain,
    delta_playoff_probability: odds?.playoffs ?? 0,
    lineup_after: after,
  };
}

/** A free agent no source projects this week: listed so the caller knows of him, priced at nothing. */
export function unpricedFreeAgent(player: RosPlayerFacts): FreeAgent {
  return {
    ...factsOf(player),
    projection: null,
    ros_projection: null,
    has_projection: false,
    starts_over_player_id: null,
    replaces_player_id: null,
    delta_win_probability: 0,
    ros_points_over_replacement: 0,
    delta_playoff_probability: 0,
  };
}

function factsOf(player: RosPlayerFacts) {
  return {
    player_id: player.id,
    name: player.name,
    position: player.position,
    team: player.team || null,
    injury_status: player.injuryStatus,
    bye_week: player.byeWeek,
  };
}
