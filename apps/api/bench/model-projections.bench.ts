/**
 * What the model step costs after a sync, on both databases side by side: a Sleeper-only
 * install holding the replayed 2023 season and 2024 through week 9 (the current week, its lines
 * not yet results; projections through week 10), filled by the data sync itself. Times
 * produceModelProjections on the first run (every week written) and on a run with nothing new
 * (the hourly case: 0 rows change). Run: `npx tsx bench/model-projections.bench.ts` (apps/api);
 * DATABASE_URL adds PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@fm/db';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { startServer, type RunningServer } from '../src/server.js';
import { produceModelProjections } from '../src/services/nfl-import/model-projections.js';
import type { WriteCount } from '../src/services/nfl-import/upsert-changed.js';
import { syncReplayedSeason } from '../test/replay-sync.js';

const CURRENT = { season: 2024, week: 9 };

type Kind = 'pglite' | 'postgres';
interface Run {
  seconds: number;
  cpuSeconds: number;
  changed: WriteCount;
}

async function timed(server: RunningServer): Promise<Run> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const changed = await produceModelProjections(server.deps.database, { current: CURRENT });
  const used = process.cpuUsage(cpu);
  return {
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
    changed,
  };
}

const kinds: Kind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
if (!process.env.DATABASE_URL) console.log('DATABASE_URL is not set: PostgreSQL is skipped.');
const results = new Map<Kind, { first: Run; again: Run }>();
for (const kind of kinds) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-bench-model-'));
  let database: TestDatabase | undefined;
  if (kind === 'postgres') {
    database = await createTestDatabase(process.env.DATABASE_URL);
    await database.close();
  }
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATA_SYNC_MINUTES: '0',
    DATABASE_URL: database?.url,
  });
  const server = await startServer(config, { webDistDir: path.join(dataDir, 'no-web') });
  try {
    await syncReplayedSeason(server, CURRENT);
    await server.deps.database.db.execute(sql`delete from projections where source = 'model'`);
    const first = await timed(server);
    const again = await timed(server);
    results.set(kind, { first, again });
  } finally {
    await server.close();
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const cell = (value: string) => value.padStart(12);
console.log(
  `\nmodel step, ${CURRENT.season - 1} + ${CURRENT.season} to week ${CURRENT.week}${''.padEnd(6)}${kinds.map(cell).join('')}`,
);
const row = (label: string, pick: (figures: { first: Run; again: Run }) => string) =>
  console.log(`${label.padEnd(40)}${kinds.map((kind) => cell(pick(results.get(kind)!))).join('')}`);
row('first run: wall seconds', (f) => f.first.seconds.toFixed(1));
row('first run: process CPU seconds', (f) => f.first.cpuSeconds.toFixed(1));
row('first run: rows written', (f) => String(f.first.changed.created + f.first.changed.updated));
row('first run: rows per second', (f) =>
  ((f.first.changed.created + f.first.changed.updated) / f.first.seconds).toFixed(0),
);
row('no-change run: wall seconds', (f) => f.again.seconds.toFixed(1));
row('no-change run: rows changed', (f) => String(f.again.changed.created + f.again.changed.updated));
if (kinds.length === 2) {
  const [a, b] = kinds.map((kind) => results.get(kind)!);
  console.log(
    `ratio postgres/pglite: first ${(b!.first.seconds / a!.first.seconds).toFixed(2)}, no-change ${(b!.again.seconds / a!.again.seconds).toFixed(2)}`,
  );
}
