import type { Db } from '@fm/db';
import { STAT_KEYS, type WeeklyStatRow } from '@fm/projections';
import { COLUMN_OF_STAT } from '../nfl-stats/stat-columns.js';
import { upsertChanged, type ColumnRow, type WriteCount } from './upsert-changed.js';
import { statLineTarget } from './write-targets.js';

// `extra` is not written here: it holds what other sources supplied
const STAT_TARGET = statLineTarget(
  STAT_KEYS.map((key) => COLUMN_OF_STAT[key]),
  false,
);

/** Every stat column is written (0 when the file left it empty) so a re-import compares equal. */
export function toStatRow(row: WeeklyStatRow, playerId: number): ColumnRow {
  const line: ColumnRow = {
    player_id: playerId,
    season: row.season,
    week: row.week,
    team: row.team,
    opponent: row.opponent,
    is_home: row.isHome,
  };
  for (const key of STAT_KEYS) line[COLUMN_OF_STAT[key]] = row[key];
  return line;
}

/** Writes one week's actual stat lines; unchanged lines are not counted. */
export function writeStatLines(db: Db, lines: ColumnRow[]): Promise<WriteCount> {
  return upsertChanged(db, STAT_TARGET, lines);
}
