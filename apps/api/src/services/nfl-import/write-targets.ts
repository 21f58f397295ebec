import type { ColumnType, UpsertTarget } from './upsert-changed.js';

/** The player columns every source (NFL.com files, the Sleeper directory) writes, with their types. */
export const PLAYER_COLUMN_TYPES = {
  full_name: 'text',
  first_name: 'text',
  last_name: 'text',
  search_name: 'text',
  position: 'text',
  team: 'text',
  is_active: 'bool',
} as const satisfies Record<string, ColumnType>;

export const PLAYER_COLUMNS = Object.keys(PLAYER_COLUMN_TYPES);

/**
 * Weekly stat lines, matched on (player, season, week). `statColumns` are the stat columns the
 * source supplies; `extra` (stats without a column of their own) only where the source has them,
 * so an import without them keeps what another source wrote.
 */
export function statLineTarget(statColumns: readonly string[], withExtra: boolean): UpsertTarget {
  const extra = withExtra ? ['extra'] : [];
  return {
    table: 'player_week_stats',
    key: ['player_id', 'season', 'week'],
    compare: ['team', 'opponent', 'is_home', ...extra, ...statColumns],
    types: {
      player_id: 'int',
      season: 'int',
      week: 'int',
      team: 'text',
      opponent: 'text',
      is_home: 'bool',
      ...(withExtra ? { extra: 'jsonb' as const } : {}),
      ...Object.fromEntries(statColumns.map((column) => [column, 'float8' as const])),
    },
  };
}
