import type { TradeLeague, WeeklyLineups } from '@fm/engine';
import type { WeekLineup } from './best-lineup.js';
import type { RosLeague } from './league-context.js';

/** The league as the engine's trade search takes it: every team's players and their remaining weeks. */
export function tradeLeagueOf(league: RosLeague): TradeLeague {
  return {
    slots: league.slots,
    rosters: league.teams.map((team) => ({
      rosterId: team.rosterId,
      players: team.players.map((player) => ({
        id: player.id,
        position: player.position,
        weeklyMeans: player.weeks.map((week) => week.mean),
        weeklyStds: player.weeks.map((week) => week.std),
      })),
    })),
  };
}

/** The engine's weekly best line-ups as the season simulations take them. */
export function weekLineupsOf(league: RosLeague, lineups: WeeklyLineups): WeekLineup[] {
  return league.weeks.map((week, w) => ({
    week,
    mean: lineups.means[w] ?? 0,
    std: lineups.stds[w] ?? 0,
    starterIds: lineups.starters[w] ?? [],
  }));
}
