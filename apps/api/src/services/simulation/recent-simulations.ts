import { leagueConnections, simulations, type Database } from '@fm/db';
import { and, desc, eq, isNotNull } from 'drizzle-orm';

/** How many of a user's simulations the dashboard lists. */
export const RECENT_SIMULATIONS_LIMIT = 10;

export interface RecentSimulation {
  id: string;
  created_at: string;
  platform: string | null;
  league_id: string | null;
  season: number | null;
  week: number | null;
  user_name: string | null;
  opponent_name: string | null;
  win_probability: number | null;
  predicted_score_difference: number | null;
  /** The league page that ran it, to reopen in a tap; null when it cannot be rebuilt (no league, no Sleeper username). */
  path: string | null;
}

type Summary = {
  season?: number | null;
  week?: number | null;
  user?: { name?: string | null };
  opponent?: { name?: string | null };
};

/** The user's latest league simulations, newest first, kept on the server so a new login finds them. */
export async function listRecentSimulations(database: Database, userId: string): Promise<RecentSimulation[]> {
  const [rows, connections] = await Promise.all([
    database.db
      .select()
      .from(simulations)
      .where(and(eq(simulations.userId, userId), isNotNull(simulations.leagueId)))
      .orderBy(desc(simulations.createdAt))
      .limit(RECENT_SIMULATIONS_LIMIT),
    database.db
      .select({ platform: leagueConnections.platform, username: leagueConnections.username })
      .from(leagueConnections)
      .where(eq(leagueConnections.userId, userId)),
  ]);
  const sleeperName = connections.find((c) => c.platform === 'sleeper')?.username ?? null;
  return rows.map((row) => {
    const summary = (row.summary ?? {}) as Summary;
    const season = summary.season ?? null;
    const segment = row.platform === 'sleeper' ? sleeperName : row.platform;
    return {
      id: row.id,
      created_at: row.createdAt.toISOString(),
      platform: row.platform,
      league_id: row.leagueId,
      season,
      week: summary.week ?? null,
      user_name: summary.user?.name ?? null,
      opponent_name: summary.opponent?.name ?? null,
      win_probability: row.winProbability,
      predicted_score_difference: row.predictedScoreDifference,
      path:
        segment && season !== null && row.leagueId
          ? `/simulate/${encodeURIComponent(segment)}/${season}/${encodeURIComponent(row.leagueId)}`
          : null,
    };
  });
}
