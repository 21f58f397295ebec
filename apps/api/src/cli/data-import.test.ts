import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyPgliteTemplate } from '@fm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const NFL_DATA = path.resolve(HERE, '../../../../../shared/nfl-data');
const TSX = createRequire(import.meta.url).resolve('tsx/cli');

function runCli(
  dataDir: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [TSX, path.join(HERE, 'data-import.ts'), dataDir],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, timeout: 180_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run data:import', () => {
  let work: string;
  let dataDir: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'fm-cli-'));
    dataDir = path.join(work, 'nfl');
    const weekDir = path.join(dataDir, '2025', '2');
    mkdirSync(path.join(weekDir, 'projected'), { recursive: true });
    for (const file of ['K.csv', 'TE.csv', 'projected/TE_projected.csv']) {
      copyFileSync(path.join(NFL_DATA, '2025/2', file), path.join(weekDir, file));
    }
    const lines = readFileSync(path.join(NFL_DATA, '2025/2/QB.csv'), 'utf8').split('\n');
    lines[2] = lines[2]!.split(',').slice(0, 4).join(',');
    writeFileSync(path.join(weekDir, 'QB.csv'), lines.join('\n'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('imports a folder into DATA_DIR, names a malformed line, and reports 0 changed the second time', async () => {
    const env = { DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'silent' };
    // a migrated, empty database (the CLI migrates whatever it finds): the subject is the import
    copyPgliteTemplate(env.DATA_DIR);
    const first = await runCli(dataDir, env);
    expect(first.stdout).toMatch(/files\s+4/);
    expect(first.stdout).toMatch(/weekly stat lines\s+\d+ new/);
    expect(first.stderr).toContain('nfl/2025/2/QB.csv line 3: expected');
    expect(first.code).toBe(1);

    const second = await runCli(dataDir, env);
    expect(second.stdout).toContain('0 changed');
    expect(second.stdout).toMatch(/seconds\s+[\d.]+/);
  }, 240_000);

  it('explains its usage without a folder', async () => {
    const result = await runCli('', { DATA_DIR: path.join(work, 'data-usage') });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: npm run data:import -- <folder');
  }, 60_000);
});
