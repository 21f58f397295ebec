import { nflGames, type Db } from '@fm/db';
import { opponentsFromSleeperStats } from '@fm/projections';
import { and, eq } from 'drizzle-orm';
import type { SleeperScheduledGame, SleeperWeekAnswer } from '../../integrations/sleeper/season-feed.js';
import { toTeamCode } from '../../integrations/sleeper/player-matching.js';
import {
  addCounts,
  upsertChanged,
  type UpsertTarget,
  type WriteCount,
} from '../nfl-import/upsert-changed.js';
import { type NflGame, readWeekGames } from '../live-games/nfl-schedule.js';

export function scheduledGames(season: number, schedule: readonly SleeperScheduledGame[]): NflGame[] {
  return schedule.flatMap((game) => {
    const home = toTeamCode(game.home);
    const away = toTeamCode(game.away);
    if (!home || !away) return [];
    return [
      {
        season,
        week: game.week,
        homeTeam: home,
        awayTeam: away,
        isVenueKnown: true,
        kickoffAt: game.kickoff,
      },
    ];
  });
}

/**
 * The games of a played week, paired from its team rows (a defense's yards allowed are its
 * opponent's offensive yards, both ways). Which side was at home is not in the stats.
 */
export function gamesFromTeamStats(season: number, week: number, answer: SleeperWeekAnswer): NflGame[] {
  const rows = Object.fromEntries([...answer].map(([key, entry]) => [key, entry.stats]));
  const games: NflGame[] = [];
  for (const [team, opponent] of opponentsFromSleeperStats(rows)) {
    // each game is seen from both sides; keep it once, in a stable order
    if (team > opponent) continue;
    games.push({ season, week, homeTeam: team, awayTeam: opponent, isVenueKnown: false, kickoffAt: null });
  }
  return games;
}

/**
 * Writes games. A scheduled game replaces a pairing derived from stats for its week; a derived
 * pairing never replaces a scheduled game.
 */
export async function writeGames(db: Db, games: readonly NflGame[]): Promise<WriteCount> {
  const known = games.filter((game) => game.isVenueKnown);
  for (const { season, week } of uniqueWeeks(known)) {
    await db
      .delete(nflGames)
      .where(and(eq(nflGames.season, season), eq(nflGames.week, week), eq(nflGames.isVenueKnown, false)));
  }
  const count = await upsertChanged(db, GAME_TARGET, known.map(toColumns));
  for (const { season, week } of uniqueWeeks(games.filter((game) => !game.isVenueKnown))) {
    const existing = await readWeekGames(db, season, week);
    const fresh = games.filter(
      (game) =>
        !game.isVenueKnown &&
        game.season === season &&
        game.week === week &&
        !existing.has(game.homeTeam) &&
        !existing.has(game.awayTeam),
    );
    addCounts(count, await upsertChanged(db, GAME_TARGET, fresh.map(toColumns)));
  }
  return count;
}

function uniqueWeeks(games: readonly NflGame[]): { season: number; week: number }[] {
  const keys = new Map(games.map((game) => [`${game.season}:${game.week}`, game]));
  return [...keys.values()].map(({ season, week }) => ({ season, week }));
}

const GAME_TARGET: UpsertTarget = {
  table: 'nfl_games',
  key: ['season', 'week', 'home_team'],
  compare: ['away_team', 'is_venue_known', 'kickoff_at'],
  types: {
    season: 'int',
    week: 'int',
    home_team: 'text',
    away_team: 'text',
    is_venue_known: 'bool',
    kickoff_at: 'timestamptz',
  },
  touch: ['updated_at'],
};

function toColumns(game: NflGame) {
  return {
    season: game.season,
    week: game.week,
    home_team: game.homeTeam,
    away_team: game.awayTeam,
    is_venue_known: game.isVenueKnown,
    kickoff_at: game.kickoffAt,
  };
}
