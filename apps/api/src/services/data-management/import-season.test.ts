import { projections } from '@fm/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { insertPlayers, insertProjections } from '../../../test/nfl-rows.js';
import { resolveImportSeason } from './import-season.js';
import { previewProjectionCsv } from './projection-csv.js';
import { importProjectionCsv } from './projection-csv-import.js';

const CSV = 'player_name,position,team,week,pred_mean,pred_std\nSeason Less,WR,KC,12,11.5,4\n';
/** A January day: the calendar year is not the season being played. */
const JANUARY = new Date('2026-01-10T12:00:00Z');

describe('the season of an imported CSV without a season column', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('is the NFL season by the calendar while no data is held (last year’s in January)', async () => {
    const season = await resolveImportSeason(server.deps, JANUARY);
    expect(season.season).toBe(2025);
    expect(previewProjectionCsv(CSV, JANUARY, season).preview[0]!.season).toBe(2025);
  });

  it('is the latest season with data, said in the preview before anything is imported, and imported there', async () => {
    const [player] = await insertPlayers(server.deps.database, [
      { name: 'Held Player', position: 'WR', team: 'KC' },
    ]);
    await insertProjections(server.deps, [
      { playerId: player!, season: 2024, week: 17, source: 'model', team: 'KC', predMean: 10 },
    ]);
    const now = new Date('2026-09-20T12:00:00Z');
    const season = await resolveImportSeason(server.deps, now);
    expect(season).toEqual({ season: 2024, reason: 'the latest season with projections' });
    const preview = previewProjectionCsv(CSV, now, season);
    expect(preview.defaultSeason).toEqual(season);
    expect(preview.preview[0]).toMatchObject({ player_name: 'Season Less', season: 2024, week: 12 });

    const result = await importProjectionCsv(server.deps, CSV, { updateExisting: true, batchSize: 100 }, now);
    expect(result.created).toBe(1);
    const stored = await server.deps.database.db
      .select({ season: projections.season, week: projections.week })
      .from(projections)
      .where(eq(projections.source, 'import'));
    expect(stored).toEqual([{ season: 2024, week: 12 }]);
  });
});
