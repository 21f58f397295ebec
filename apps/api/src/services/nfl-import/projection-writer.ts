import type { Db } from '@fm/db';
import { upsertChanged, type ColumnRow, type WriteCount } from './upsert-changed.js';

/** A projections row keyed by column name. */
export interface ProjectionRow extends ColumnRow {
  player_id: number;
  season: number;
  week: number;
  source: string;
  model_version: string | null;
  team: string;
  opponent: string | null;
  pred_mean: number;
  pred_std: number;
  p10: number | null;
  p50: number | null;
  p90: number | null;
  stats: Record<string, number> | null;
}

/** Writes projections; unchanged ones are not counted. */
export function writeProjections(db: Db, rows: ProjectionRow[]): Promise<WriteCount> {
  return upsertChanged(
    db,
    {
      table: 'projections',
      key: ['player_id', 'season', 'week', 'source'],
      compare: ['model_version', 'team', 'opponent', 'pred_mean', 'pred_std', 'p10', 'p50', 'p90', 'stats'],
      types: {
        player_id: 'int',
        season: 'int',
        week: 'int',
        source: 'text',
        model_version: 'text',
        team: 'text',
        opponent: 'text',
        pred_mean: 'float8',
        pred_std: 'float8',
        p10: 'float8',
        p50: 'float8',
        p90: 'float8',
        stats: 'jsonb',
      },
      touch: ['updated_at'],
    },
    rows,
  );
}
