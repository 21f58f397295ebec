import { nflGames } from '@fm/db';
import type { DataDeps } from '../../core-deps.js';
import { AVAILABLE, availabilityOf, type Availability, hasNoGameInWeek, isByeOpponent } from '@fm/engine';
import { and, eq } from 'drizzle-orm';
import { loadAvailableWeeks, type WeekRef } from './available-weeks.js';

/** Decides each projected player's availability in one week. */
export interface WeekAvailability {
  of(player: { injuryStatus: string | null; team: string; opponent: string | null }): Availability;
}

/**
 * Availability in `season`/`week`. A bye is a fact of the schedule (a team with no game in a week whose
 * schedule we hold, or a projection against "BYE"), true in any week. An injury status is today's, so it
 * applies only to the week in play and later ones: the NFL's current week, or without a sync the newest
 * week with projections. Past weeks keep their projections as they were.
 */
export async function weekAvailability(
  deps: DataDeps,
  season: number,
  week: number,
): Promise<WeekAvailability> {
  const [weeks, games] = await Promise.all([
    loadAvailableWeeks(deps),
    deps.database.db
      .select({ home: nflGames.homeTeam, away: nflGames.awayTeam })
      .from(nflGames)
      .where(and(eq(nflGames.season, season), eq(nflGames.week, week))),
  ]);
  const playing = new Set(games.flatMap((game) => [game.home, game.away]));
  const inPlay = weeks.current ?? weeks.latest;
  const appliesStatus = inPlay !== null && !isBefore({ season, week }, inPlay);
  return {
    of({ injuryStatus, team, opponent }) {
      const isOnBye = isByeOpponent(opponent) || hasNoGameInWeek(team, playing);
      if (isOnBye) return availabilityOf(null, { isOnBye });
      return appliesStatus ? availabilityOf(injuryStatus) : AVAILABLE;
    },
  };
}

function isBefore(a: WeekRef, b: WeekRef): boolean {
  return a.season < b.season || (a.season === b.season && a.week < b.week);
}
