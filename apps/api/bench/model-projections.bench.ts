/**
 * What the model step costs after a sync, on both databases side by side: a Sleeper-only
 * install holding the replayed 2023 season and 2024 through week 9 (the current week, its lines
 * not yet results; projections through week 10), as the data sync stores them. Times
 * produceModelProjections on the first run (every week written) and on a run with nothing new
 * (the hourly case: 0 rows change). Run: `npx tsx bench/model-projections.bench.ts` (apps/api);
 * NFL_DATA (default ../shared/nfl-data) and DATABASE_URL adjust it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@fm/db';
import { buildReplaySeason } from '@fm/projections';
import { readNflDataDir } from '@fm/projections/files';
import { produceModelProjections } from '../src/services/nfl-import/model-projections.js';
import type { WriteCount } from '../src/services/nfl-import/upsert-changed.js';
import { storeReplay } from '../test/replay-store.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const NFL_DATA = path.resolve(process.env.NFL_DATA ?? path.join(REPO_ROOT, '../shared/nfl-data'));
const CURRENT = { season: 2024, week: 9 };

type Kind = 'pglite' | 'postgres';
interface Run {
  seconds: number;
  cpuSeconds: number;
  changed: WriteCount;
}

const { weeks } = readNflDataDir(NFL_DATA, {
  seasons: [CURRENT.season - 1, CURRENT.season],
  through: { season: CURRENT.season, week: CURRENT.week + 1 },
});
const previous = buildReplaySeason(weeks, CURRENT.season - 1);
const current = buildReplaySeason(weeks, CURRENT.season, { currentWeek: CURRENT.week });

async function timed(database: TestDatabase): Promise<Run> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const changed = await produceModelProjections(database, { current: CURRENT });
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
  const database = await createTestDatabase(kind === 'postgres' ? process.env.DATABASE_URL : undefined);
  try {
    await storeReplay(database, previous, Number.POSITIVE_INFINITY);
    await storeReplay(database, current, CURRENT.week);
    const first = await timed(database);
    const again = await timed(database);
    results.set(kind, { first, again });
  } finally {
    await database.destroy();
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
