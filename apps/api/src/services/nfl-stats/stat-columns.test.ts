import { playerWeekStats } from '@fm/db';
import { STAT_KEYS } from '@fm/projections';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COLUMN_OF_STAT } from './stat-columns.js';

describe('stat column names', () => {
  it('name every @fm/projections stat key by its player_week_stats column', () => {
    const columns = getTableColumns(playerWeekStats);
    for (const key of STAT_KEYS) expect(COLUMN_OF_STAT[key], key).toBe(columns[key].name);
  });
});
