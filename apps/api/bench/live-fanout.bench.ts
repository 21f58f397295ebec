/**
 * Live push, and the per-request cost each push causes.
 *
 * 1. Fan-out: SSE_CONNECTIONS open `live.dataChanges` streams on one process (read by a client
 *    process of their own, bench/sse-clients.mjs); the data version is bumped CHANGES times and
 *    we print how long the change took to reach the last connection, and the server's memory
 *    per open connection.
 * 2. The refetch every push triggers: `GET /api/auth/me` and the league-details fetch at
 *    LOAD_CONNECTIONS connections (autocannon in its own process), with the session cache off
 *    (SESSION_CACHE_SECONDS=0) and on (the default), side by side.
 *
 * Run with `node --expose-gc --import tsx bench/live-fanout.bench.ts` (npm script bench:live) so the
 * memory figures are taken after a collection.
 */
import { execFile, spawn } from 'node:child_process';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { registerVerifiedUser, signedInClient } from '../test/accounts.js';
import { startFakeSmtp } from '../test/fake-smtp.js';
import { FAKE_SLEEPER_USER, IN_SEASON_LEAGUE_ID, startFakeSleeper } from '../test/fakes/sleeper-server.js';
import { startTestServer } from '../test/harness.js';
import { bumpDataVersion } from '../src/services/data-changes/data-version.js';
import { benchDatabaseKinds, startBenchServer, type BenchDatabaseKind } from './bench-server.js';

/** argv[2] overrides it (a quicker run while developing). */
const SSE_CONNECTIONS = Number(process.argv[2] ?? 2_000);
const CHANGES = 5;
const FANOUT_GOAL_MS = 5_000;
const LOAD_CONNECTIONS = 50;
const WARM_UP_SECONDS = 3;
const DURATION_SECONDS = 10;
const AUTH_ME_GOAL = 2_500;

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
  const { server, dispose } = await startBenchServer(kind, { DATA_SYNC_MINUTES: '0' });
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
      const version = await bumpDataVersion(server.deps.database);
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
}

function load(url: string, seconds: number, cookie: string): Promise<Load> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [LOAD_CLIENT, url, String(LOAD_CONNECTIONS), String(seconds), cookie],
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as Load)),
    );
  });
}

/** `auth/me` and league details for one signed-in user with a linked Sleeper league. */
async function measureRequests(kind: BenchDatabaseKind, sessionCacheSeconds: string) {
  const [smtp, sleeper] = await Promise.all([startFakeSmtp(), startFakeSleeper({ scenario: 'in-season' })]);
  const server = await startTestServer(kind, {
    SMTP_URL: smtp.url,
    SLEEPER_API_URL: sleeper.url,
    SESSION_CACHE_SECONDS: sessionCacheSeconds,
  });
  try {
    const client = await signedInClient(server, await registerVerifiedUser(server, smtp));
    const linked = await client.post('/api/leagues/sleeper/connect', {
      username: FAKE_SLEEPER_USER.username,
    });
    if (linked.status !== 200) throw new Error(`linking Sleeper answered ${linked.status}`);
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const paths = {
      'GET /api/auth/me': '/api/auth/me',
      'GET league details': `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details`,
    };
    const results: Record<string, Load> = {};
    for (const [label, path] of Object.entries(paths)) {
      const check = await client.get(path);
      if (check.status !== 200) throw new Error(`${label} answered ${check.status}`);
      await load(`${server.url}${path}`, WARM_UP_SECONDS, cookie);
      results[label] = await load(`${server.url}${path}`, DURATION_SECONDS, cookie);
    }
    return results;
  } finally {
    await server.stop();
    await Promise.all([smtp.close(), sleeper.close()]);
  }
}

/** argv[3] picks one database kind (pglite or postgres). */
const kinds = benchDatabaseKinds().filter((kind) => !process.argv[3] || kind === process.argv[3]);
if (!(globalThis as { gc?: unknown }).gc) console.log('(run with --expose-gc for steadier memory figures)');

console.log(`\n1. Fan-out: ${SSE_CONNECTIONS} open SSE connections on one process, ${CHANGES} data changes`);
const fanOuts: FanOut[] = [];
for (const kind of kinds) fanOuts.push(await measureFanOut(kind));

console.log(
  `\n2. Requests at ${LOAD_CONNECTIONS} connections, ${DURATION_SECONDS} s after ${WARM_UP_SECONDS} s warm-up`,
);
const rows: string[] = [];
for (const kind of kinds) {
  const off = await measureRequests(kind, '0');
  const on = await measureRequests(kind, '5');
  for (const label of Object.keys(off)) {
    const [a, b] = [off[label]!, on[label]!];
    rows.push(
      `${kind.padEnd(8)} ${label.padEnd(20)} ${a.requestsPerSecond.toFixed(0).padStart(8)} ${b.requestsPerSecond.toFixed(0).padStart(8)} ${(b.requestsPerSecond / a.requestsPerSecond).toFixed(2).padStart(6)}×   p99 ${a.p99} → ${b.p99} ms   errors ${a.errors}/${b.errors}`,
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
  `\n${'database'.padEnd(8)} ${'request'.padEnd(20)} ${'cache off'.padStart(8)} ${'cache on'.padStart(8)}  ratio   (req/s; goal for auth/me ≥ ${AUTH_ME_GOAL})`,
);
for (const row of rows) console.log(row);
