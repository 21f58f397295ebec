import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { waitFor } from '../../../test/wait-for.js';
import { hasImportedNflData, startFirstStartImport } from './first-start-import.js';

const NFL_DATA = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../../shared/nfl-data',
);

describe('the first-start import of NFL_DATA_DIR', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-nfl-start-'));
    mkdirSync(path.join(dataDir, '2025'));
    symlinkSync(path.join(NFL_DATA, '2025', '4'), path.join(dataDir, '2025', '4'));
    server = await startTestServer('pglite', { NFL_DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves at once, imports in the background, and records the import so later starts skip it', async () => {
    const health = await server.client().get('/api/health');
    expect(health.status).toBe(200);
    const weeks = await waitFor(async () => {
      const { body } = await server.client().get('/api/projections/available-weeks');
      return body.latest ? body : undefined;
    }, 120_000);
    expect(weeks.seasons[0].season).toBe(2025);
    expect(weeks.seasons[0].weeks).toContain(4);
    await waitFor(async () => ((await hasImportedNflData(server.deps)) ? true : undefined), 60_000);
    const players = await server.client().get('/api/players?search=josh%20allen&position=QB');
    expect(players.body.players.map((p: { full_name: string }) => p.full_name)).toContain('Josh Allen');

    const nextStart = startFirstStartImport(server.deps);
    await expect(nextStart!.done).resolves.toBeNull();
  }, 180_000);

  it('does nothing without NFL_DATA_DIR', () => {
    expect(
      startFirstStartImport({ ...server.deps, config: { ...server.config, nflDataDir: undefined } }),
    ).toBeNull();
  });
});
