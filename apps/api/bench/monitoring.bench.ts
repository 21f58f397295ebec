/**
 * Cost of the request monitoring: requests per second of two in-process servers, one built
 * with monitoring and one without, measured alternately with autocannon on the same routes.
 * Run: `npx pnpm@10 --filter @fm/api bench` (or `npx tsx bench/monitoring.bench.ts`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { readErrorBody } from '../src/monitoring/request-labels.js';
import { startServer, type RunningServer } from '../src/server.js';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** Short rounds in alternating order, so a busy neighbor hurts both sides alike; medians are reported. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const CONNECTIONS = 32;
const ROUTES = [
  { name: 'GET /api/auth/csrf-token (200)', path: '/api/auth/csrf-token' },
  { name: 'GET /api/no-such-path (404, error log)', path: '/api/no-such-path/123' },
];

async function start(isMonitoringEnabled: boolean): Promise<{ server: RunningServer; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-bench-'));
  const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const server = await startServer(config, { webDistDir: path.join(dataDir, 'no-web'), isMonitoringEnabled });
  return { server, dataDir };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function requestsPerSecond(url: string): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS });
  return result.requests.average;
}

const withMonitoring = await start(true);
const without = await start(false);
try {
  console.log(
    `monitoring overhead: ${ROUNDS} alternating rounds of ${DURATION_SECONDS} s, ${CONNECTIONS} connections`,
  );
  for (const route of ROUTES) {
    await requestsPerSecond(`${withMonitoring.server.url}${route.path}`); // warm-up
    await requestsPerSecond(`${without.server.url}${route.path}`);
    const on: number[] = [];
    const off: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const measureOn = () => requestsPerSecond(`${withMonitoring.server.url}${route.path}`);
      const measureOff = () => requestsPerSecond(`${without.server.url}${route.path}`);
      const [a, b] = round % 2 === 0 ? [await measureOn(), await measureOff()] : [0, 0];
      const [d, c] = round % 2 === 1 ? [await measureOff(), await measureOn()] : [0, 0];
      on.push(a || c);
      off.push(b || d);
      ratios.push((a || c) / (b || d));
    }
    console.log(`  ${route.name}`);
    console.log(`    without monitoring ${Math.round(median(off))} req/s (median of ${ROUNDS})`);
    console.log(`    with monitoring    ${Math.round(median(on))} req/s`);
    console.log(
      `    ratio (with/without) ${median(ratios).toFixed(3)} (median per-round ratio; rounds: ${ratios.map((r) => r.toFixed(2)).join(' ')})`,
    );
  }
  // The hook's own work per request, without the network and the noise of a busy machine.
  const HOOK_CALLS = 200_000;
  const monitoring = withMonitoring.server.deps.monitoring;
  const started = performance.now();
  for (let i = 0; i < HOOK_CALLS; i++) {
    monitoring.recordRequest({
      method: 'GET',
      url: '/api/projections/qb?week=3',
      statusCode: 200,
      durationMs: 3 + (i % 50),
    });
  }
  const microsecondsPerCall = ((performance.now() - started) * 1000) / HOOK_CALLS;
  console.log(
    `  monitoring work per successful request: ${microsecondsPerCall.toFixed(2)} µs (${HOOK_CALLS} calls)`,
  );
  const errorBody = JSON.stringify({ code: 'NOT_FOUND', message: 'No such path: GET /api/nope' });
  const errorsStarted = performance.now();
  for (let i = 0; i < HOOK_CALLS; i++) {
    const { code, message } = readErrorBody(errorBody);
    monitoring.recordRequest({
      method: 'GET',
      url: `/api/nope/${i}`,
      statusCode: 404,
      durationMs: 2,
      errorCode: code,
      errorMessage: message,
    });
  }
  const microsecondsPerError = ((performance.now() - errorsStarted) * 1000) / HOOK_CALLS;
  console.log(
    `  monitoring work per failed request (body read, error log budget): ${microsecondsPerError.toFixed(2)} µs`,
  );
} finally {
  await withMonitoring.server.close();
  await without.server.close();
  rmSync(withMonitoring.dataDir, { recursive: true, force: true });
  rmSync(without.dataDir, { recursive: true, force: true });
}
