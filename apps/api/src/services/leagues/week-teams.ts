import { playerWeekStats } from '@fm/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';

/** Postgres caps bind parameters; league rosters are far below this, but a batch keeps it safe. */
const IDS_PER_QUERY = 500;

/**
 * The NFL team each player played for in `season`/`week`, from the synced weekly stats (each row keeps the team
 * of that week), so a past week shows a since-traded player with the team he played for then. Keyed by our
 * player id; players without a stats row that week are absent.
 */
export async function loadWeekTeams(
  deps: AppDeps,
  request: { playerIds: number[]; season: number; week: number },
): Promise<Map<number, string>> {
  const ids = [...new Set(request.playerIds)];
  const teams = new Map<number, string>();
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const rows = await deps.database.db
      .select({ playerId: playerWeekStats.playerId, team: playerWeekStats.team })
      .from(playerWeekStats)
      .where(
        and(
          inArray(playerWeekStats.playerId, ids.slice(start, start + IDS_PER_QUERY)),
          eq(playerWeekStats.season, request.season),
          eq(playerWeekStats.week, request.week),
        ),
      );
    for (const row of rows) if (row.team) teams.set(row.playerId, row.team);
  }
  return teams;
}
