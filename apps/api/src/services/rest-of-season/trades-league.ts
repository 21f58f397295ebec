import type { TradeLeague } from '@fm/engine';
import type { RosLeague } from './league-context.js';
import { seasonPlayerOf } from './ros-players.js';

/** The league as the engine's line-ups and trade search take it: every team's players and their remaining weeks. */
export function tradeLeagueOf(league: RosLeague): TradeLeague {
  return {
    slots: league.slots,
    rosters: league.teams.map((team) => ({
      rosterId: team.rosterId,
      players: team.players.map(seasonPlayerOf),
    })),
  };
}
