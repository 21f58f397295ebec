import { playerWeekStats } from '@fm/db';
import { isPosition, type ScoringRules, scoreStatLine, statLineOf, roundPoints } from '@fm/projections';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';

/** Postgres caps bind parameters; league rosters are far below this, but a batch keeps it safe. */
const IDS_PER_QUERY = 500;

/**
 * Points already scored in `season`/`week`, from the synced weekly stats (player_week_stats), scored by the
 * package's scorer in the league's rules: the same for Sleeper and Yahoo leagues, team defenses and kickers
 * included. Keyed by our player id; players without a stats row that week, or without a fantasy position, are
 * absent.
 */
export async function loadScoredPoints(
  deps: AppDeps,
  request: {
    playerIds: number[];
    positions: Map<number, string>;
    season: number;
    week: number;
    scoring: ScoringRules;
  },
): Promise<Map<number, number>> {
  const ids = [...new Set(request.playerIds)];
  const points = new Map<number, number>();
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const rows = await deps.database.db
      .select()
      .from(playerWeekStats)
      .where(
        and(
          inArray(playerWeekStats.playerId, ids.slice(start, start + IDS_PER_QUERY)),
          eq(playerWeekStats.season, request.season),
          eq(playerWeekStats.week, request.week),
        ),
      );
    for (const row of rows) {
      const position = request.positions.get(row.playerId) ?? '';
      if (!isPosition(position)) continue;
      points.set(row.playerId, roundPoints(scoreStatLine(statLineOf(row), request.scoring, position)));
    }
  }
  return points;
}
