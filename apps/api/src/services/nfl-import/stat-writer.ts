import type { Db } from '@fm/db';
import { STAT_KEYS, type WeeklyStatRow } from '@fm/projections';
import { COLUMN_OF_STAT } from '../nfl-stats/stat-columns.js';
import { upsertChanged, type ColumnRow, type UpsertTarget, type WriteCount } from './upsert-changed.js';

const STAT_COLUMN_NAMES = STAT_KEYS.map((key) => COLUMN_OF_STAT[key]);

const STAT_TARGET: UpsertTarget = {
  table: 'player_week_stats',
  key: ['player_id', 'season', 'week'],
  // `extra` is not written here: it holds what other imports supplied
  compare: ['team', 'opponent', 'is_home', ...STAT_COLUMN_NAMES],
  types: {
    player_id: 'int',
    season: 'int',
    week: 'int',
    team: 'text',
    opponent: 'text',
    is_home: 'bool',
    ...Object.fromEntries(STAT_COLUMN_NAMES.map((column) => [column, 'float8' as const])),
  },
};

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
