/**
 * The projections list under load, on both databases side by side: boots the real server on
 * PGlite and on PostgreSQL (a fresh database on the server of DATABASE_URL), imports the shared
 * NFL data into each (timed), then runs autocannon (in its own process) against the public
 * projections path and prints p50/p95/p99 latency and requests per second. Target: p95 under 20 ms at 50 connections.
 * Run: `npm run bench:projections` (root) or `npx tsx bench/projections.bench.ts` (apps/api);
 * BENCH_SECONDS (default 10), NFL_DATA (default ../shared/nfl-data) and DATABASE_URL adjust it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import type { RunningServer } from '../src/server.js';
import { benchDatabaseKinds, startBenchServer } from './bench-server.js';
import { importNflData } from '../src/services/nfl-import/import-nfl-data.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const NFL_DATA = path.resolve(process.env.NFL_DATA ?? path.join(REPO_ROOT, '../shared/nfl-data'));
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const CONNECTIONS = 50;
const P95_TARGET_MS = 20;
const PATH = '/api/projections/public/all?week=11&season=2025';

interface Target {
  kind: 'pglite' | 'postgres';
  server: RunningServer;
  cleanUp(): Promise<void>;
}

interface Figures {
  importSeconds: number;
  importCpuSeconds: number;
  rows: number;
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
  errors: number;
}

async function boot(kind: Target['kind']): Promise<Target> {
  const { server, dispose } = await startBenchServer(kind);
  return { kind, server, cleanUp: dispose };
}

const LOAD_CLIENT = fileURLToPath(new URL('./latency-client.mjs', import.meta.url));

type Load = Omit<Figures, 'importSeconds' | 'importCpuSeconds' | 'rows'>;

/** autocannon in its own process (bench/latency-client.mjs), so it does not share the server's event loop. */
function load(url: string, seconds: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [LOAD_CLIENT, url, String(CONNECTIONS), String(seconds)], (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as Load);
    });
  });
}

async function measure(target: Target): Promise<Figures> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const summary = await importNflData(target.server.deps, NFL_DATA);
  const importSeconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const url = `${target.server.url}${PATH}`;
  const check = await fetch(url);
  const body = (await check.json()) as { pagination?: { total: number } };
  if (!check.ok || !body.pagination?.total)
    throw new Error(`${target.kind}: ${PATH} answered ${check.status} without rows`);
  await load(url, WARM_UP_SECONDS);
  return {
    importSeconds,
    importCpuSeconds: (used.user + used.system) / 1e6,
    rows: summary.totalChanged,
    ...(await load(url, DURATION_SECONDS)),
  };
}

const kinds = benchDatabaseKinds();
console.log(
  `GET ${PATH}: ${CONNECTIONS} connections, ${DURATION_SECONDS} s after a ${WARM_UP_SECONDS} s warm-up; data ${NFL_DATA}`,
);
const results = new Map<Target['kind'], Figures>();
for (const kind of kinds) {
  const target = await boot(kind);
  try {
    results.set(kind, await measure(target));
  } finally {
    await target.cleanUp();
  }
}

const fixed = (value: number, digits = 1) => value.toFixed(digits).padStart(10);
console.log(`\n${''.padEnd(30)}${kinds.map((kind) => kind.padStart(10)).join('')}`);
const row = (label: string, pick: (figures: Figures) => string) =>
  console.log(`${label.padEnd(30)}${kinds.map((kind) => pick(results.get(kind)!)).join('')}`);
row('import: wall seconds', (f) => fixed(f.importSeconds));
row('import: CPU seconds (process)', (f) => fixed(f.importCpuSeconds));
row('import: rows written', (f) => String(f.rows).padStart(10));
row('latency p50 (ms)', (f) => fixed(f.p50));
row('latency p95 (ms)', (f) => fixed(f.p95));
row('latency p99 (ms)', (f) => fixed(f.p99));
row('requests per second', (f) => fixed(f.requestsPerSecond, 0));
row('errors and non-2xx', (f) => String(f.errors).padStart(10));
row(`p95 under ${P95_TARGET_MS} ms`, (f) => (f.p95 < P95_TARGET_MS ? 'yes' : 'NO').padStart(10));
if (kinds.length === 2) {
  const [a, b] = kinds.map((kind) => results.get(kind)!);
  console.log(
    `ratio postgres/pglite: p95 ${(b!.p95 / a!.p95).toFixed(2)}, req/s ${(b!.requestsPerSecond / a!.requestsPerSecond).toFixed(2)}, import ${(b!.importSeconds / a!.importSeconds).toFixed(2)}`,
  );
}
