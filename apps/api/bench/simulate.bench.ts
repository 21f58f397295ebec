/**
 * Throughput of POST /api/matchup/simulate: the real server (embedded PGlite, or DATABASE_URL),
 * a small slate of players and projections inserted directly, a signed-in session, and
 * autocannon (a separate process) at 50 connections. Every request is a fresh 10,000-iteration
 * simulation (no seed). Next to it: GET /api/auth/me under the same load (what any signed-in
 * call costs), and one simulation through the pool alone, and inline.
 * Run: `npx pnpm@10 --filter @fm/api bench` (targets: ≥ 400 req/s, p99 ≤ 100 ms).
 * CPU_PROFILE=<file.cpuprofile> also writes a profile of the server's main thread during the
 * simulate load (open it in Chrome DevTools), and prints its busy time per request.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@fm/db';
import { simulateMatchup, type MatchupInput } from '@fm/engine';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { insertMatchupSlate, OPPONENT_STARTERS, USER_STARTERS } from '../test/matchup-fixtures.js';

const CONNECTIONS = 50;
const DURATION_SECONDS = 15;
const WARM_UP_REQUESTS = 200;
const TARGET_REQUESTS_PER_SECOND = 400;
const TARGET_P99_MS = 100;
const ADMIN = { email: 'bench-admin@example.com', password: 'Touchdown!2024x' };
const AUTOCANNON = fileURLToPath(new URL('../../../node_modules/.bin/autocannon', import.meta.url));

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** POSTs `body`, or GETs when there is none. */
function runAutocannon(
  url: string,
  headers: Record<string, string>,
  body: string | null,
): Promise<AutocannonResult> {
  const args = ['-c', String(CONNECTIONS), '-d', String(DURATION_SECONDS), '--json'];
  if (body !== null) args.push('-m', 'POST', '-b', body);
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  return new Promise((resolve, reject) => {
    const child = spawn(AUTOCANNON, [...args, url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as AutocannonResult)
        : reject(new Error(`autocannon exited ${code}`)),
    );
  });
}

const MAIN_THREAD_STAT = `/proc/self/task/${process.pid}/stat`;
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time of this process's main thread (the server's event loop; the simulation threads and
 * autocannon are elsewhere), in ms — unlike wall-clock figures, it does not grow when other
 * programs compete for the CPU. Linux only; null elsewhere.
 */
function mainThreadCpuMs(): number | null {
  if (!existsSync(MAIN_THREAD_STAT)) return null;
  const fields = readFileSync(MAIN_THREAD_STAT, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat(5); fields[0] here is field 3
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Profiles this thread (the server's main thread) until stop(), which writes the profile. */
async function startMainThreadProfile() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    /** Writes the profile; answers the thread's busy (not idle) milliseconds per request. */
    async stop(file: string, requests: number): Promise<number> {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      writeFileSync(file, JSON.stringify(profile));
      const idleIds = new Set(
        profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id),
      );
      let busyUs = 0;
      profile.samples!.forEach((id, i) => {
        if (!idleIds.has(id)) busyUs += profile.timeDeltas![i] ?? 0;
      });
      return busyUs / 1000 / Math.max(requests, 1);
    },
  };
}

function medianMs(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-bench-sim-'));
// With DATABASE_URL, a throw-away database on that server (never the database the URL names).
const postgres = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : null;
await postgres?.close();
const config = loadConfig({
  PORT: '0',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  DATABASE_URL: postgres?.url,
  SIMULATION_WORKERS: process.env.SIMULATION_WORKERS,
});
const server = await startServer(config, { webDistDir: path.join(dataDir, 'no-web') });
try {
  await insertMatchupSlate(server.deps);

  // Sign in as a browser would: CSRF token, then login; keep both cookies.
  const csrf = await fetch(`${server.url}/api/auth/csrf-token`);
  const csrfToken = ((await csrf.json()) as { csrfToken: string }).csrfToken;
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': csrfToken,
      cookie: `csrf-token=${csrfToken}`,
    },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const sessionCookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = {
    'content-type': 'application/json',
    'x-csrf-token': csrfToken,
    cookie: `csrf-token=${csrfToken}; ${sessionCookie}`,
  };
  const body = JSON.stringify({
    user_team: { starters: USER_STARTERS.map((p) => p.sleeperId) },
    opponent_team: { starters: OPPONENT_STARTERS.map((p) => p.sleeperId) },
  });
  const url = `${server.url}/api/matchup/simulate`;

  type Answer = { iterations: number; user_team: { players: unknown[] } };
  let lastAnswer: Answer | null = null;
  for (let i = 0; i < WARM_UP_REQUESTS; i++) {
    const response = await fetch(url, { method: 'POST', headers, body });
    if (!response.ok) throw new Error(`warm-up failed: ${response.status} ${await response.text()}`);
    lastAnswer = (await response.json()) as Answer;
  }

  // The same simulation without HTTP, for scale: through the pool, and on this thread.
  const { engineInputFromAnswer } = await import('../test/matchup-replay.js');
  const input: MatchupInput = engineInputFromAnswer(lastAnswer as never);
  const runner = server.deps.simulationRunner;
  const poolTimes: number[] = [];
  const inlineTimes: number[] = [];
  for (let i = 0; i < 50; i++) {
    let started = performance.now();
    await runner.run({ owner: 'bench', input });
    poolTimes.push(performance.now() - started);
    started = performance.now();
    simulateMatchup(input);
    inlineTimes.push(performance.now() - started);
  }

  const profiler = process.env.CPU_PROFILE ? await startMainThreadProfile() : null;
  const cpuBefore = mainThreadCpuMs();
  const result = await runAutocannon(url, headers, body);
  // the server's main thread (this one; autocannon is another process): CPU time per request
  const mainThreadMs = (mainThreadCpuMs()! - cpuBefore!) / result.requests.total;
  const busyMsPerRequest = profiler
    ? await profiler.stop(process.env.CPU_PROFILE!, result.requests.total)
    : null;
  // The floor under any signed-in call: session check, monitoring, HTTP — no simulation.
  const baselineCpuBefore = mainThreadCpuMs();
  const baseline = await runAutocannon(`${server.url}/api/auth/me`, headers, null);
  if (baseline.non2xx > 0) throw new Error(`GET /api/auth/me answered ${baseline.non2xx} non-2xx`);
  const baselineMainThreadMs = (mainThreadCpuMs()! - baselineCpuBefore!) / baseline.requests.total;
  const requestsPerSecond = result.requests.average;
  const { p50, p99 } = result.latency;
  console.log(
    `POST /api/matchup/simulate — ${USER_STARTERS.length} v ${OPPONENT_STARTERS.length} starters, ${lastAnswer?.iterations.toLocaleString('en-US')} iterations, ` +
      `${CONNECTIONS} connections, ${DURATION_SECONDS} s, ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}, runner: ${runner.mode}, ${config.simulationWorkers} worker threads, ` +
      `${os.availableParallelism()} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  console.table([
    {
      measure: 'throughput',
      value: `${requestsPerSecond.toFixed(0)} req/s`,
      target: `≥ ${TARGET_REQUESTS_PER_SECOND} req/s`,
      met: requestsPerSecond >= TARGET_REQUESTS_PER_SECOND ? 'yes' : 'NO',
    },
    { measure: 'latency p50', value: `${p50} ms`, target: '', met: '' },
    {
      measure: 'latency p99',
      value: `${p99} ms`,
      target: `≤ ${TARGET_P99_MS} ms`,
      met: p99 <= TARGET_P99_MS ? 'yes' : 'NO',
    },
    {
      measure: 'non-2xx / errors / timeouts',
      value: `${result.non2xx} / ${result.errors} / ${result.timeouts}`,
      target: '0 / 0 / 0',
      met: result.non2xx + result.errors + result.timeouts === 0 ? 'yes' : 'NO',
    },
    {
      measure: 'GET /api/auth/me, same load (no simulation)',
      value: `${baseline.requests.average.toFixed(0)} req/s, p50 ${baseline.latency.p50} ms, p99 ${baseline.latency.p99} ms`,
      target: '',
      met: '',
    },
    {
      measure: 'simulate / auth-me throughput',
      value: `${(requestsPerSecond / baseline.requests.average).toFixed(2)}×`,
      target: '',
      met: '',
    },
    {
      measure: 'main-thread CPU per request: simulate / auth-me',
      value:
        cpuBefore === null ? 'n/a' : `${mainThreadMs.toFixed(2)} ms / ${baselineMainThreadMs.toFixed(2)} ms`,
      target: '',
      met: '',
    },
    ...(busyMsPerRequest === null
      ? []
      : [
          {
            measure: 'main thread busy per simulate request (profile)',
            value: `${busyMsPerRequest.toFixed(2)} ms`,
            target: '',
            met: '',
          },
        ]),
    {
      measure: 'one simulation via the pool (median)',
      value: `${medianMs(poolTimes).toFixed(2)} ms`,
      target: '',
      met: '',
    },
    {
      measure: 'one simulation inline (median)',
      value: `${medianMs(inlineTimes).toFixed(2)} ms`,
      target: '',
      met: '',
    },
    {
      measure: 'req/s vs inline engine ceiling on all CPUs',
      value: `${((requestsPerSecond * medianMs(inlineTimes)) / (1000 * os.availableParallelism())).toFixed(2)}×`,
      target: '',
      met: '',
    },
  ]);
} finally {
  await server.close();
  await postgres?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
