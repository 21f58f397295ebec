import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, executeRows, type TestDatabase } from '@fm/db';
import { buildReplaySeason } from '@fm/projections';
import { readNflDataDir } from '@fm/projections/files';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, TEST_POSTGRES_URL } from '../../../test/harness.js';
import { produceModelProjections } from './model-projections.js';
import { storeReplay } from '../../../test/replay-store.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const NFL_DATA = path.resolve(REPO_ROOT, '../shared/nfl-data');
const SEASON = 2024;
/** Sleeper's state: week 6 is being played; its stat lines so far are not results. */
const CURRENT = { season: SEASON, week: 6 };

async function modelRowsByPosition(database: TestDatabase, week: number): Promise<Record<string, number>> {
  const rows = await executeRows<{ position: string; count: number | string }>(
    database.db,
    sql`select p.position, count(*) as count from projections pr join players p on p.id = pr.player_id
        where pr.source = 'model' and pr.season = ${SEASON} and pr.week = ${week} group by p.position`,
  );
  return Object.fromEntries(rows.map((row) => [row.position, Number(row.count)]));
}

describe.each(DATABASE_KINDS)('model projections from Sleeper data alone on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind === 'postgres' ? TEST_POSTGRES_URL : undefined);
    const { weeks } = readNflDataDir(NFL_DATA, {
      seasons: [2023, SEASON],
      through: { season: SEASON, week: 7 },
    });
    await storeReplay(
      database,
      buildReplaySeason(weeks, SEASON, { currentWeek: CURRENT.week }),
      CURRENT.week,
    );
  }, 120_000);
  afterAll(() => database?.close());

  it('projects the current and the next week for every position, team defences and kickers included', async () => {
    const first = await produceModelProjections(database, { current: CURRENT });
    expect(first.created).toBeGreaterThan(0);
    for (const week of [CURRENT.week, CURRENT.week + 1]) {
      const byPosition = await modelRowsByPosition(database, week);
      expect(Object.keys(byPosition).sort()).toEqual(['DEF', 'K', 'QB', 'RB', 'TE', 'WR']);
      expect(byPosition.DEF).toBeGreaterThanOrEqual(26);
    }
  }, 120_000);

  it('changes nothing when run again with nothing new', async () => {
    expect(await produceModelProjections(database, { current: CURRENT })).toEqual({ created: 0, updated: 0 });
  }, 120_000);

  it('does not learn from the current week’s lines while its games are played', async () => {
    await database.db.execute(
      sql`update player_week_stats set rec_yd = rec_yd + 100, pts_allowed = pts_allowed + 30 where week = ${CURRENT.week}`,
    );
    expect(await produceModelProjections(database, { current: CURRENT })).toEqual({ created: 0, updated: 0 });
  }, 120_000);

  it('does learn from a completed week (the check above can fail)', async () => {
    await database.db.execute(
      sql`update player_week_stats set rec_yd = rec_yd + 100, pts_allowed = pts_allowed + 30 where week = ${CURRENT.week - 1}`,
    );
    const changed = await produceModelProjections(database, { current: CURRENT });
    expect(changed.updated).toBeGreaterThan(0);
  }, 120_000);
});
