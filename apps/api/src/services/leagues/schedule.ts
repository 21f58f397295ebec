import { regularSeasonWeeks } from '@fm/contract';
import { playerWeekStats, projections } from '@fm/db';
import { BYE_OPPONENT, byeWeeks, isByeOpponent } from '@fm/engine';
import { and, eq, ilike } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { createDataCache } from '../data-changes/data-cache.js';
import { gamesByTeam, loadHeldGames } from '../live-games/nfl-schedule.js';

/** What a league page shows about a team's game of the week. */
export interface TeamWeekGame {
  /** The team's bye week of the season, when known. */
  bye_week: number | null;
  /** Kickoff of the team's game this week (ISO time), when known. */
  kickoff: string | null;
}

const NO_GAME_INFO: TeamWeekGame = { bye_week: null, kickoff: null };

/**
 * The one place a league page looks up the NFL schedule: each team's bye week of `season` and its kickoff in
 * `week`, from the schedule the live-data sync keeps. An install without one (NFL.com files only) falls back to
 * what the stats and projections imply: a projection whose opponent is BYE, or the one week, among the weeks
 * already played, in which a team recorded no stats; kickoff is then unknown.
 */
export async function loadTeamWeekGames(
  deps: AppDeps,
  request: { season: number; week: number; teams: string[] },
): Promise<Map<string, TeamWeekGame>> {
  const teams = [...new Set(request.teams)].filter((team) => team && team !== 'FA');
  if (teams.length === 0) return new Map();
  const scheduled = await loadHeldGames(deps, request.season);
  if (scheduled.length > 0) {
    const byes = byeWeeks(scheduled);
    const thisWeek = gamesByTeam(scheduled.filter((game) => game.week === request.week));
    return new Map(
      teams.map((team) => [
        team,
        { bye_week: byes.get(team) ?? null, kickoff: thisWeek.get(team)?.kickoffAt ?? null },
      ]),
    );
  }
  return impliedTeamWeekGames(deps, request.season, teams);
}

interface ImpliedByes {
  /** Each team's week with a projection against BYE. */
  byeProjections: { team: string; week: number }[];
  /** The (team, week) pairs with stats. */
  played: { team: string; week: number }[];
}

const cachedImpliedByes = createDataCache<ImpliedByes>({ maxEntries: 8 });

/** The season's facts that imply byes, read once per data version (every league page of the season asks). */
function loadImpliedByes(deps: AppDeps, season: number): Promise<ImpliedByes> {
  const { db } = deps.database;
  return cachedImpliedByes(deps, `implied-byes:${season}`, async () => {
    const [byeRows, played] = await Promise.all([
      // narrowed in SQL, decided by the engine's rule
      db
        .selectDistinct({ team: projections.team, week: projections.week, opponent: projections.opponent })
        .from(projections)
        .where(and(eq(projections.season, season), ilike(projections.opponent, `%${BYE_OPPONENT}%`))),
      db
        .selectDistinct({ team: playerWeekStats.team, week: playerWeekStats.week })
        .from(playerWeekStats)
        .where(eq(playerWeekStats.season, season)),
    ]);
    const byeProjections = byeRows
      .filter((row) => isByeOpponent(row.opponent))
      .map(({ team, week }) => ({ team, week }));
    return { byeProjections, played };
  });
}

async function impliedTeamWeekGames(
  deps: AppDeps,
  season: number,
  teams: string[],
): Promise<Map<string, TeamWeekGame>> {
  const games = new Map<string, TeamWeekGame>();
  const { byeProjections, played } = await loadImpliedByes(deps, season);
  const weeksPlayed = new Map<string, Set<number>>();
  let lastWeekPlayed = 0;
  // a team misses exactly one regular-season week
  for (const { team, week } of played) {
    if (week > regularSeasonWeeks(season)) continue;
    lastWeekPlayed = Math.max(lastWeekPlayed, week);
    const weeks = weeksPlayed.get(team) ?? new Set<number>();
    weeks.add(week);
    weeksPlayed.set(team, weeks);
  }
  for (const team of teams) {
    const projectedBye = byeProjections.find((row) => row.team === team)?.week ?? null;
    const weeks = weeksPlayed.get(team);
    const missed = weeks
      ? Array.from({ length: lastWeekPlayed }, (_, i) => i + 1).filter((week) => !weeks.has(week))
      : [];
    games.set(team, { ...NO_GAME_INFO, bye_week: projectedBye ?? (missed.length === 1 ? missed[0]! : null) });
  }
  return games;
}
