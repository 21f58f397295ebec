import type { Db } from '@fm/db';
import { STAT_COLUMNS } from '../nfl-stats/stat-columns.js';
import type { NflFileRow } from './nfl-file-rows.js';
import { upsertChanged, type ColumnRow, type UpsertTarget, type WriteCount } from './upsert-changed.js';

const STAT_TARGET: UpsertTarget = {
  table: 'player_week_stats',
  key: ['player_id', 'season', 'week'],
  // `extra` is not written here: it holds what other imports supplied
  compare: ['team', 'opponent', 'is_home', 'reception_pct', ...STAT_COLUMNS],
};

/** Every stat column is written (0 when the file left it empty) so a re-import compares equal. */
export function toStatRow(row: NflFileRow, playerId: number, season: number, week: number): ColumnRow {
  const line: ColumnRow = {
    player_id: playerId,
    season,
    week,
    team: row.team,
    opponent: row.opponent,
    is_home: row.isHome,
    reception_pct: row.stats.reception_pct ?? null,
  };
  for (const column of STAT_COLUMNS) line[column] = row.stats[column] ?? 0;
  return line;
}

/** Writes one week's actual stat lines; unchanged lines are not counted. */
export function writeStatLines(db: Db, lines: ColumnRow[]): Promise<WriteCount> {
  return upsertChanged(db, STAT_TARGET, lines);
}
