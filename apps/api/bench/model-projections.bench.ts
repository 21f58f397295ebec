/**
 * What the model step costs after a sync, on both databases side by side: a Sleeper-only
 * install holding the replayed 2023 season and 2024 through week 9 (the current week, its lines
 * not yet results; projections through week 10), filled by the data sync itself. Times
 * produceModelProjections on the first run (every week written) and on a run with nothing new
 * (the hourly case: 0 rows change). Run: `npx tsx bench/model-projections.bench.ts` (apps/api);
 * DATABASE_URL adds PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { RunningServer } from '../src/server.js';
import { produceModelProjections } from '../src/services/nfl-import/model-projections.js';
import type { WriteCount } from '../src/services/nfl-import/upsert-changed.js';
import { benchDatabaseKinds, startBenchServer, type BenchDatabaseKind } from './bench-server.js';
import { syncReplayedSeason } from '../test/replay-sync.js';

const CURRENT = { season: 2024, week: 9 };

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

const kinds = benchDatabaseKinds();
const results = new Map<BenchDatabaseKind, { first: Run; again: Run }>();
for (const kind of kinds) {
  const { server, dispose } = await startBenchServer(kind, { DATA_SYNC_MINUTES: '0' });
  try {
    await syncReplayedSeason(server, CURRENT);
    await server.deps.database.db.execute(sql`delete from projections where source = 'model'`);
    const first = await timed(server);
    const again = await timed(server);
    results.set(kind, { first, again });
  } finally {
    await dispose();
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
