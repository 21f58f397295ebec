import type { TradeLeague } from '@fm/engine';
import type { RosLeague } from './league-context.js';
import { seasonPlayerOf } from './ros-players.js';

/** Whether the player has a projection this week (without one, his rest of season is a position's average). */
export function hasProjection(league: RosLeague, playerId: string): boolean {
  return league.details.projections[playerId] !== undefined;
}

/**
 * The league as the engine's line-ups and trade search take it: every team's players and their remaining weeks,
 * each marked with whether he has a projection (the search offers no trade with a player who has none).
 */
export function tradeLeagueOf(league: RosLeague): TradeLeague {
  return {
    slots: league.slots,
    rosters: league.teams.map((team) => ({
      rosterId: team.rosterId,
      players: team.players.map((player) => ({
        ...seasonPlayerOf(player),
        hasProjection: hasProjection(league, player.id),
      })),
    })),
  };
}
