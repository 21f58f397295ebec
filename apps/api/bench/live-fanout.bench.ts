/**
 * Live push, and the per-request cost each push causes.
 *
 * 1. Fan-out: SSE_CONNECTIONS open `live.dataChanges` streams on one process (read by a client
 *    process of their own, bench/sse-clients.mjs); the data version is bumped CHANGES times and
 *    we print how long the change took to reach the last connection, and the server's memory
 *    per open connection.
 * 2. The requests a push brings: `auth/me` (the fixed cost of any signed-in request) and the
 *    league-details fetch every open league page makes, each by the web app's /trpc path and the
 *    documented /api path, at LOAD_CONNECTIONS connections (autocannon in its own process, on the
 *    same cores), with the session cache off (SESSION_CACHE_SECONDS=0) and on (the default), side
 *    by side. Besides requests per second it prints the server's CPU time per request, which
 *    depends less on what else the machine is running.
 *
 * Run with `node --expose-gc --import tsx bench/live-fanout.bench.ts` (npm script bench:live) so the
 * memory figures are taken after a collection.
 */
import { execFile, spawn } from 'node:child_process';
import os from 'node:os';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { IN_SEASON_LEAGUE_ID, startFakeSleeper } from '../test/fakes/sleeper-server.js';
import { startMailingTestServer } from '../test/harness.js';
import { DEFAULT_LIVE_STREAMS_PER_PROCESS } from '../src/config.js';
import { benchDatabaseKinds, startBenchServer, type BenchDatabaseKind } from './bench-server.js';
import { signInViewers } from './signed-in-viewers.js';

/** argv[2] overrides it (a quicker run while developing; 0 measures the requests only). */
const SSE_CONNECTIONS = Number(process.argv[2] ?? 2_000);
const CHANGES = 5;
const FANOUT_GOAL_MS = 5_000;
const LOAD_CONNECTIONS = 50;
const WARM_UP_SECONDS = 3;
const DURATION_SECONDS = 10;
const AUTH_ME_GOAL = 2_500;
/** Users whose requests take turns in the request measurements. */
const VIEWERS = 250;

const SSE_CLIENTS = fileURLToPath(new URL('./sse-clients.mjs', import.meta.url));
const LOAD_CLIENT = fileURLToPath(new URL('./latency-client.mjs', import.meta.url));

const collect = () => (globalThis as { gc?: () => void }).gc?.();
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

interface FanOut {
  kind: BenchDatabaseKind;
  reachAllMs: number[];
  rssPerConnectionKiB: number;
  heapPerConnectionKiB: number;
}

async function measureFanOut(kind: BenchDatabaseKind): Promise<FanOut> {
  const { server, dispose } = await startBenchServer(kind, {
    DATA_SYNC_MINUTES: '0',
    // every stream comes from this one address
    LIVE_STREAMS_PER_ADDRESS: String(SSE_CONNECTIONS),
    LIVE_STREAMS_PER_PROCESS: String(Math.max(SSE_CONNECTIONS, DEFAULT_LIVE_STREAMS_PER_PROCESS)),
  });
  const clients = spawn(
    process.execPath,
    [SSE_CLIENTS, `${server.url}/trpc/live.dataChanges`, String(SSE_CONNECTIONS)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = readline.createInterface({ input: clients.stdout! })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the SSE client process ended early');
    return line.value;
  };
  try {
    collect();
    const before = process.memoryUsage();
    const opening = performance.now();
    if ((await nextLine()) !== 'ready') throw new Error('the SSE clients did not connect');
    const openSeconds = (performance.now() - opening) / 1000;
    collect();
    const after = process.memoryUsage();
    const open = server.deps.liveUpdates.subscriberCount;
    console.log(
      `${kind}: ${open} live connections open in ${openSeconds.toFixed(1)} s; server RSS ${mib(before.rss)} → ${mib(after.rss)} MiB, heap ${mib(before.heapUsed)} → ${mib(after.heapUsed)} MiB`,
    );
    const reachAllMs: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const changedAt = Date.now();
      const version = await server.deps.dataVersion.bump();
      clients.stdin!.write(`mark ${version}\n`);
      const answer = JSON.parse(await nextLine()) as { received: number; firstAt: number; lastAt: number };
      if (answer.received !== SSE_CONNECTIONS) throw new Error(`only ${answer.received} connections heard`);
      reachAllMs.push(answer.lastAt - changedAt);
      console.log(
        `${kind}: change ${i + 1}: first connection after ${answer.firstAt - changedAt} ms, all ${SSE_CONNECTIONS} after ${answer.lastAt - changedAt} ms`,
      );
    }
    return {
      kind,
      reachAllMs,
      rssPerConnectionKiB: (after.rss - before.rss) / 1024 / SSE_CONNECTIONS,
      heapPerConnectionKiB: (after.heapUsed - before.heapUsed) / 1024 / SSE_CONNECTIONS,
    };
  } finally {
    clients.kill('SIGKILL');
    console.log(`${kind}: closing the server`);
    await dispose();
    console.log(`${kind}: closed`);
  }
}

interface Load {
  requestsPerSecond: number;
  p50: number | null;
  p99: number | null;
  errors: number;
  statuses: Record<string, number>;
  /** The server's CPU time per answered request (user + system), in µs. */
  cpuMicrosPerRequest: number;
}

function load(url: string, seconds: number, cookies: string[]): Promise<Load> {
  const cpuBefore = process.cpuUsage();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [LOAD_CLIENT, url, String(LOAD_CONNECTIONS), String(seconds), JSON.stringify(cookies)],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => {
        if (error) return reject(error);
        const cpu = process.cpuUsage(cpuBefore);
        const answer = JSON.parse(stdout) as Omit<Load, 'cpuMicrosPerRequest'>;
        const answered = answer.requestsPerSecond * seconds;
        resolve({ ...answer, cpuMicrosPerRequest: (cpu.user + cpu.system) / Math.max(1, answered) });
      },
    );
  });
}

const detailsInput = { platform: 'sleeper', leagueId: IN_SEASON_LEAGUE_ID };
/** What a push makes each open page fetch, by the path the web app uses (/trpc) and the documented one (/api). */
const PATHS: Record<string, string> = {
  'GET /api/auth/me': '/api/auth/me',
  'GET /trpc/auth.me': '/trpc/auth.me',
  'league details /api': `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details`,
  'league details /trpc': `/trpc/leagues.details?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: detailsInput }))}`,
};

/** The PATHS at LOAD_CONNECTIONS connections, each request from the next of VIEWERS users in turn. */
async function measureRequests(kind: BenchDatabaseKind, sessionCacheSeconds: string) {
  const sleeper = await startFakeSleeper({ scenario: 'in-season' });
  const server = await startMailingTestServer(kind, {
    SLEEPER_API_URL: sleeper.url,
    SESSION_CACHE_SECONDS: sessionCacheSeconds,
  });
  try {
    const cookies = await signInViewers(server, VIEWERS);
    const results: Record<string, Load> = {};
    for (const [label, path] of Object.entries(PATHS)) {
      const check = await fetch(`${server.url}${path}`, { headers: { cookie: cookies.at(-1)! } });
      if (check.status !== 200) throw new Error(`${label} answered ${check.status}: ${await check.text()}`);
      await load(`${server.url}${path}`, WARM_UP_SECONDS, cookies);
      results[label] = await load(`${server.url}${path}`, DURATION_SECONDS, cookies);
    }
    return results;
  } finally {
    await server.stop();
    await sleeper.close();
  }
}

/** "1-minute load 1.23 on 2 cores": other work on the machine slows every figure. */
const machineLoad = () => `1-minute load ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores`;

/** argv[3] picks one database kind (pglite or postgres). */
const kinds = benchDatabaseKinds().filter((kind) => !process.argv[3] || kind === process.argv[3]);
if (!(globalThis as { gc?: unknown }).gc) console.log('(run with --expose-gc for steadier memory figures)');

console.log(`\n1. Fan-out: ${SSE_CONNECTIONS} open SSE connections on one process, ${CHANGES} data changes`);
const fanOuts: FanOut[] = [];
for (const kind of SSE_CONNECTIONS > 0 ? kinds : []) fanOuts.push(await measureFanOut(kind));

console.log(
  `\n2. Requests at ${LOAD_CONNECTIONS} connections, ${DURATION_SECONDS} s after ${WARM_UP_SECONDS} s warm-up`,
);
console.log(`(${VIEWERS} signed-in users in turn; ${machineLoad()} before)`);
const rows: string[] = [];
for (const kind of kinds) {
  const off = await measureRequests(kind, '0');
  const on = await measureRequests(kind, '5');
  for (const label of Object.keys(off)) {
    const [a, b] = [off[label]!, on[label]!];
    const ms = (value: number | null) => (value === null ? '–' : value.toFixed(1));
    // failures without an answer are client time-outs (autocannon waits 10 s)
    const refused = (load: Load) =>
      Object.entries(load.statuses)
        .filter(([status]) => status !== '200')
        .reduce((sum, [, count]) => sum + count, 0);
    const failures = (load: Load) =>
      `${load.errors}${load.errors > 0 ? ` (${load.errors - refused(load)} timed out)` : ''}`;
    rows.push(
      `${kind.padEnd(8)} ${label.padEnd(21)} ${a.requestsPerSecond.toFixed(0).padStart(9)} ${b.requestsPerSecond.toFixed(0).padStart(9)} ${(b.requestsPerSecond / a.requestsPerSecond).toFixed(2).padStart(6)}×` +
        `   CPU ${a.cpuMicrosPerRequest.toFixed(0)} → ${b.cpuMicrosPerRequest.toFixed(0)} µs/req   p99 ${ms(a.p99)} → ${ms(b.p99)} ms   errors ${failures(a)}/${failures(b)}`,
    );
  }
}

console.log('\nSummary');
for (const fanOut of fanOuts) {
  const worst = Math.max(...fanOut.reachAllMs);
  const sorted = [...fanOut.reachAllMs].sort((x, y) => x - y);
  console.log(
    `fan-out ${fanOut.kind}: all ${SSE_CONNECTIONS} reached in median ${sorted[Math.floor(sorted.length / 2)]} ms, worst ${worst} ms (goal ≤ ${FANOUT_GOAL_MS} ms: ${worst <= FANOUT_GOAL_MS ? 'met' : 'MISSED'}); ` +
      `per connection ${fanOut.rssPerConnectionKiB.toFixed(1)} KiB RSS, ${fanOut.heapPerConnectionKiB.toFixed(1)} KiB heap`,
  );
}
console.log(
  `\n${'database'.padEnd(8)} ${'request'.padEnd(21)} ${'cache off'.padStart(9)} ${'cache on'.padStart(9)}  ratio   (req/s at ${LOAD_CONNECTIONS} connections; goal for auth/me ≥ ${AUTH_ME_GOAL}; ${machineLoad()} after)`,
);
for (const row of rows) console.log(row);
