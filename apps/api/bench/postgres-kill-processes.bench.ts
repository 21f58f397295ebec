/**
 * Several API processes under load while PostgreSQL goes away again and again: how many processes exit (goal: 0)
 * and whether each serves again afterwards. PROCESSES built servers (apps/api/dist/main.js, else src/main.ts
 * through tsx) share a throw-away cluster; CLIENTS signed-in clients per process send simulations and GET
 * /api/auth/me without pause. Each of CYCLES cycles takes the database away one way:
 * `pg_ctl stop -m immediate` (a crash: every connection cut, reserved ones included), `pg_ctl stop -m fast`, and
 * pg_terminate_backend on every session (the server stays up); it stays away DOWN_SECONDS, then comes back.
 * Run: `npx pnpm@10 --filter @fm/api exec tsx bench/postgres-kill-processes.bench.ts` (PROCESSES=3, CLIENTS=3,
 * CYCLES=6, DOWN_SECONDS=4 by default).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, runMigrations } from '@fm/db';
import postgres from 'postgres';
import { createDataVersion } from '../src/services/data-changes/data-version.js';
import { STRONG_PASSWORD } from '../test/accounts.js';
import { insertMatchupSlate } from '../test/matchup-fixtures.js';
import { freePort } from '../test/redis-server.js';
import { send, signIn, spawnApi, waitForHealth, type Kind } from './outage-clients.js';
import { startOwnPostgres } from './own-postgres.js';

const PROCESSES = Number(process.env.PROCESSES ?? 3);
const CLIENTS = Number(process.env.CLIENTS ?? 3);
const CYCLES = Number(process.env.CYCLES ?? 6);
const DOWN_SECONDS = Number(process.env.DOWN_SECONDS ?? 4);
const UP_SECONDS = 6;
const ADMIN = { email: 'kill-bench@example.com', password: STRONG_PASSWORD };
const WAYS = ['stop -m immediate', 'stop -m fast', 'terminate every session'] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cluster = await startOwnPostgres(await freePort());
const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
await admin.unsafe('create database fm_kill');
await admin.end();
const databaseUrl = cluster.url.replace(/\/postgres$/, '/fm_kill');
const dataDirs: string[] = [];
const apis: { url: string; child: ChildProcess; exits: string[] }[] = [];
try {
  const setup = await openDatabase({ databaseUrl });
  await runMigrations(setup, { databaseUrl });
  await insertMatchupSlate({ database: setup, dataVersion: createDataVersion(setup) });
  await setup.close();

  for (let i = 0; i < PROCESSES; i++) {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-kill-bench-'));
    dataDirs.push(dataDir);
    const child = spawnApi({
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SIMULATION_WORKERS: '1',
      LOG_LEVEL: 'silent',
    });
    const api = { url: `http://127.0.0.1:${port}`, child, exits: [] as string[] };
    child.on('exit', (code, signal) => api.exits.push(`code ${code} signal ${signal}`));
    apis.push(api);
  }
  await Promise.all(apis.map((api) => waitForHealth(api.url)));
  const sessions = await Promise.all(
    apis.map(async (api) => ({
      api,
      clients: await Promise.all(Array.from({ length: CLIENTS }, () => signIn(api.url, ADMIN))),
    })),
  );

  let isLoading = true;
  const answered = new Map<string, number>();
  const t0 = performance.now();
  const kinds: Kind[] = ['simulate', 'me', 'simulate'];
  const load = sessions.flatMap(({ api, clients }) =>
    clients.map(async (headers, c) => {
      for (let i = c; isLoading && api.exits.length === 0; i++) {
        const sample = await send(api.url, kinds[i % kinds.length]!, headers, t0, () => {});
        const key = String(sample.status);
        answered.set(key, (answered.get(key) ?? 0) + 1);
        if (typeof sample.status !== 'number') await sleep(50);
      }
    }),
  );

  const terminateAll = async () => {
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and datname = 'fm_kill'`;
    } finally {
      await sql.end({ timeout: 1 });
    }
  };
  const rows: Record<string, string | number>[] = [];
  await sleep(UP_SECONDS * 1000);
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const way = WAYS[cycle % WAYS.length]!;
    if (way === 'terminate every session') {
      const until = performance.now() + DOWN_SECONDS * 1000;
      while (performance.now() < until) {
        await terminateAll();
        await sleep(250);
      }
    } else {
      await cluster.stopWith(way === 'stop -m immediate' ? 'immediate' : 'fast');
      await sleep(DOWN_SECONDS * 1000);
      await cluster.start();
    }
    const backAt = performance.now();
    const healthy = await Promise.all(
      apis.map(async (api) => {
        try {
          await waitForHealth(api.url, 20_000);
          return true;
        } catch {
          return false;
        }
      }),
    );
    rows.push({
      cycle: cycle + 1,
      way,
      'processes exited so far': apis.filter((api) => api.exits.length > 0).length,
      'healthy again': `${healthy.filter(Boolean).length} of ${PROCESSES}`,
      'back after (s)': ((performance.now() - backAt) / 1000).toFixed(1),
    });
    await sleep(UP_SECONDS * 1000);
  }
  isLoading = false;
  await Promise.all(load);

  console.log(
    `${PROCESSES} API processes, ${CLIENTS} clients each (simulate, GET /api/auth/me), PostgreSQL away ` +
      `${DOWN_SECONDS} s per cycle, ${CYCLES} cycles; ${os.availableParallelism()} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  console.table(rows);
  console.table(
    [...answered].sort(([a], [b]) => a.localeCompare(b)).map(([status, count]) => ({ status, count })),
  );
  const exited = apis.filter((api) => api.exits.length > 0);
  console.log(
    `processes that exited: ${exited.length} of ${PROCESSES}` +
      (exited.length ? ` (${exited.map((api) => api.exits.join(', ')).join('; ')})` : ''),
  );
  if (exited.length > 0) process.exitCode = 1;
} finally {
  for (const api of apis) api.child.kill('SIGKILL');
  await cluster.destroy();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
