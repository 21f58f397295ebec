import { executeRows, type Db } from '@fm/db';
import { isPosition, sortWeeks, type ProjectedRow, type WeekData, type WeeklyStatRow } from '@fm/projections';
import { sql } from 'drizzle-orm';
import { statLineFromColumns } from '../nfl-stats/stat-columns.js';
import { NFLCOM_SOURCE } from './nflcom-projections.js';

export interface ModelInputs {
  /** Every imported week, oldest first: NFL.com's slate and, once played, the results. */
  weeks: WeekData[];
  /** NFL.com id → our player id. */
  playerIdOf: Map<number, number>;
}

function weekKey(season: number, week: number): string {
  return `${season}:${week}`;
}

/**
 * The model's inputs, read back from the database (so an import of a few new weeks still
 * trains on every week imported before): actual stat lines, and NFL.com's projections as the
 * slate of each week.
 */
export async function loadModelInputs(db: Db): Promise<ModelInputs> {
  const weeks = new Map<string, WeekData>();
  const playerIdOf = new Map<number, number>();
  const weekOf = (season: number, week: number): WeekData => {
    const key = weekKey(season, week);
    let entry = weeks.get(key);
    if (!entry) {
      entry = { season, week, projected: [], actual: null };
      weeks.set(key, entry);
    }
    return entry;
  };

  const stats = await executeRows<Record<string, unknown>>(
    db,
    sql`select s.*, p.nfl_id, p.full_name, p.position from player_week_stats s
        join players p on p.id = s.player_id where p.nfl_id is not null`,
  );
  for (const row of stats) {
    const position = String(row.position);
    if (!isPosition(position)) continue;
    const nflId = Number(row.nfl_id);
    playerIdOf.set(nflId, Number(row.player_id));
    const week = weekOf(Number(row.season), Number(row.week));
    const line: WeeklyStatRow = {
      nflId,
      name: String(row.full_name),
      position,
      season: week.season,
      week: week.week,
      team: String(row.team),
      opponent: String(row.opponent),
      isHome: row.is_home === true || row.is_home === 't',
      ...statLineFromColumns(row),
    };
    (week.actual ??= []).push(line);
  }

  const projected = await executeRows<Record<string, unknown>>(
    db,
    sql`select pr.player_id, pr.season, pr.week, pr.team, pr.opponent, pr.pred_mean, pr.stats,
               p.nfl_id, p.full_name, p.position
        from projections pr join players p on p.id = pr.player_id
        where pr.source = ${NFLCOM_SOURCE} and p.nfl_id is not null`,
  );
  for (const row of projected) {
    const position = String(row.position);
    if (!isPosition(position)) continue;
    const nflId = Number(row.nfl_id);
    playerIdOf.set(nflId, Number(row.player_id));
    const week = weekOf(Number(row.season), Number(row.week));
    const opponent = String(row.opponent ?? '');
    const stored = (typeof row.stats === 'string' ? JSON.parse(row.stats) : row.stats) as Record<
      string,
      number
    > | null;
    const slateRow: ProjectedRow = {
      nflId,
      name: String(row.full_name),
      position,
      season: week.season,
      week: week.week,
      team: String(row.team),
      opponent: opponent.replace(/^@/, ''),
      isHome: !opponent.startsWith('@'),
      // From 2024 pred_mean is the rescored stat line (re-derived from `stats` by the model);
      // before, it is PlayerWeekProjectedPts as published.
      nflcomPoints: Number(row.pred_mean),
      stats: statLineFromColumns(stored ?? {}),
    };
    week.projected.push(slateRow);
  }
  // rows in a stable order, so the model sees the same input on every run
  for (const week of weeks.values()) {
    week.projected.sort((a, b) => a.nflId - b.nflId);
    week.actual?.sort((a, b) => a.nflId - b.nflId);
  }
  return { weeks: sortWeeks([...weeks.values()]), playerIdOf };
}
