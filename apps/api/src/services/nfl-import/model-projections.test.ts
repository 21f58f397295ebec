import { executeRows } from '@fm/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_DATABASE, startTestServer, type TestServer } from '../../../test/harness.js';
import { syncReplayedSeason } from '../../../test/replay-sync.js';
import { produceModelProjections } from './model-projections.js';

const SEASON = 2024;
/** Sleeper's state: week 6 is being played; its stat lines so far are not results. */
const CURRENT = { season: SEASON, week: 6 };

async function modelRowsByPosition(server: TestServer, week: number): Promise<Record<string, number>> {
  const rows = await executeRows<{ position: string; count: number | string }>(
    server.deps.database.db,
    sql`select p.position, count(*) as count from projections pr join players p on p.id = pr.player_id
        where pr.source = 'model' and pr.season = ${SEASON} and pr.week = ${week} group by p.position`,
  );
  return Object.fromEntries(rows.map((row) => [row.position, Number(row.count)]));
}

describe.each(EMBEDDED_DATABASE)('model projections from Sleeper data alone on %s', (kind) => {
  let server: TestServer;
  let database: TestServer['deps']['database'];

  beforeAll(async () => {
    server = await startTestServer(kind);
    database = server.deps.database;
    await syncReplayedSeason(server, {
      season: SEASON,
      week: CURRENT.week,
      isWeekUnderway: true,
      // the current season alone keeps each model run short; history length is not what is tested
      withPreviousSeason: false,
    });
    // the sync ran the model; start the model step from nothing to see what it writes
    await database.db.execute(sql`delete from projections where source = 'model'`);
  }, 300_000);
  afterAll(() => server?.stop());

  it('projects the current and the next week for every position, team defenses and kickers included', async () => {
    const first = await produceModelProjections(database, { current: CURRENT });
    expect(first.created).toBeGreaterThan(0);
    for (const week of [CURRENT.week, CURRENT.week + 1]) {
      const byPosition = await modelRowsByPosition(server, week);
      expect(Object.keys(byPosition).sort()).toEqual(['DEF', 'K', 'QB', 'RB', 'TE', 'WR']);
      expect(byPosition.DEF).toBeGreaterThanOrEqual(26);
    }
  }, 120_000);

  it('changes nothing when run again with nothing new', async () => {
    expect(await produceModelProjections(database, { current: CURRENT })).toEqual({ created: 0, updated: 0 });
  }, 120_000);

  it('does not learn from the current week’s lines while its games are played', async () => {
    const [live] = await executeRows<{ count: number | string }>(
      database.db,
      sql`select count(*) as count from player_week_stats where season = ${SEASON} and week = ${CURRENT.week}`,
    );
    expect(Number(live!.count)).toBeGreaterThan(100);
    await database.db.execute(
      sql`update player_week_stats set rec_yd = rec_yd + 100, pts_allowed = pts_allowed + 30 where season = ${SEASON} and week = ${CURRENT.week}`,
    );
    expect(await produceModelProjections(database, { current: CURRENT })).toEqual({ created: 0, updated: 0 });
  }, 120_000);

  it('does learn from a completed week (the check above can fail)', async () => {
    await database.db.execute(
      sql`update player_week_stats set rec_yd = rec_yd + 100, pts_allowed = pts_allowed + 30 where season = ${SEASON} and week = ${CURRENT.week - 1}`,
    );
    const changed = await produceModelProjections(database, { current: CURRENT });
    expect(changed.updated).toBeGreaterThan(0);
  }, 120_000);
});
