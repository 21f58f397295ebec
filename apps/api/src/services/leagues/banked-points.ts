import { playerWeekStats } from '@fm/db';
import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { type ScoringSettings, scoreStatLine, type StatLine } from './scoring.js';

/** Postgres caps bind parameters; league rosters are far below this, but a batch keeps it safe. */
const IDS_PER_QUERY = 500;
const STAT_COLUMNS = getTableColumns(playerWeekStats);

/** A stored stats row as a stat line keyed by its column names (pass_yd, rec, fg_made_50…). */
function toStatLine(row: typeof playerWeekStats.$inferSelect): StatLine {
  const line: StatLine = {};
  for (const [key, column] of Object.entries(STAT_COLUMNS)) {
    const value = row[key as keyof typeof row];
    if (typeof value === 'number') line[column.name] = value;
  }
  return line;
}

/**
 * Points already scored in `season`/`week`, from the synced weekly stats (player_week_stats), in the league's
 * scoring: the same for Sleeper and Yahoo leagues, whatever the platform reports. Keyed by our player id;
 * players without a stats row that week are absent.
 */
export async function loadScoredPoints(
  deps: AppDeps,
  request: {
    playerIds: number[];
    positions: Map<number, string>;
    season: number;
    week: number;
    scoring: ScoringSettings;
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
      points.set(row.playerId, scoreStatLine(toStatLine(row), request.scoring, position));
    }
  }
  return points;
}
