import { nflGames, type Db } from '@fm/db';
import { and, eq } from 'drizzle-orm';
import type { DataDeps } from '../../core-deps.js';
import { createDataCache } from '../data-changes/data-cache.js';

/** One NFL game of the schedule the syncs keep (data-sync/team-games.ts writes it). */
export interface NflGame {
  season: number;
  week: number;
  homeTeam: string;
  awayTeam: string;
  isVenueKnown: boolean;
  kickoffAt: string | null;
}

/** A team's game in a week, seen from that team. */
export interface TeamGame {
  opponent: string;
  isHome: boolean;
  isVenueKnown: boolean;
  kickoffAt: string | null;
}

/** team → its game; teams without one are absent (on bye, or not known yet). */
export type WeekGames = Map<string, TeamGame>;

export function gamesByTeam(games: readonly NflGame[]): WeekGames {
  const byTeam: WeekGames = new Map();
  for (const game of games) {
    const { isVenueKnown, kickoffAt } = game;
    byTeam.set(game.homeTeam, { opponent: game.awayTeam, isHome: true, isVenueKnown, kickoffAt });
    byTeam.set(game.awayTeam, { opponent: game.homeTeam, isHome: false, isVenueKnown, kickoffAt });
  }
  return byTeam;
}

/** How a projection or stat row names the opponent: "KC" at home, "@KC" away (plain when unknown). */
export function opponentLabel(game: TeamGame | undefined): string | null {
  if (!game) return null;
  return game.isHome || !game.isVenueKnown ? game.opponent : `@${game.opponent}`;
}

export async function readWeekGames(db: Db, season: number, week: number): Promise<WeekGames> {
  return gamesByTeam(await readGames(db, season, week));
}

/** The games held for a season (every week), or one week of it. */
export async function readGames(db: Db, season: number, week?: number): Promise<NflGame[]> {
  const rows = await db
    .select()
    .from(nflGames)
    .where(
      week === undefined
        ? eq(nflGames.season, season)
        : and(eq(nflGames.season, season), eq(nflGames.week, week)),
    );
  return rows.map((row) => ({
    season: row.season,
    week: row.week,
    homeTeam: row.homeTeam,
    awayTeam: row.awayTeam,
    isVenueKnown: row.isVenueKnown,
    kickoffAt: row.kickoffAt?.toISOString() ?? null,
  }));
}

const cachedSeasons = createDataCache<NflGame[]>({ maxEntries: 8 });

/**
 * The games held for a season (every week, or one), as every league page and live tick reads them: read
 * from the database once per data version, since the syncs that write games bump it.
 */
export async function loadHeldGames(deps: DataDeps, season: number, week?: number): Promise<NflGame[]> {
  const games = await cachedSeasons(deps, `games:${season}`, () => readGames(deps.database.db, season));
  return week === undefined ? games : games.filter((game) => game.week === week);
}
