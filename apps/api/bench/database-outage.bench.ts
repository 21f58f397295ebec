/**
 * PostgreSQL stopped under light load, then started again: what clients see each second, how
 * soon service returns, and whether any acknowledged write is missing. Then the API process is
 * killed (SIGKILL) under load: every simulation id it answered must be in the table.
 *
 * The API is a separate process (the built apps/api/dist/main.js when present, else src/main.ts
 * through tsx) on a PostgreSQL cluster of its own (initdb in a temp folder), which this script
 * stops with `pg_ctl stop -m fast` and starts again; the shared server is never touched.
 * Run: `npx pnpm@10 --filter @fm/api bench:outage` (OUTAGE_SECONDS=15, CLIENTS=4 by default).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, runMigrations, simulations } from '@fm/db';
import { inArray } from 'drizzle-orm';
import postgres from 'postgres';
import { createDataVersion } from '../src/services/data-changes/data-version.js';
import { STRONG_PASSWORD } from '../test/accounts.js';
import { freePort } from '../test/redis-server.js';
import { insertMatchupSlate } from '../test/matchup-fixtures.js';
import {
  percentile,
  perSecondTable,
  send,
  signIn,
  spawnApi,
  waitForHealth,
  type Kind,
  type Sample,
} from './outage-clients.js';
import { startOwnPostgres } from './own-postgres.js';

const OUTAGE_SECONDS = Number(process.env.OUTAGE_SECONDS ?? 15);
const CLIENTS = Number(process.env.CLIENTS ?? 4);
const BEFORE_SECONDS = 5;
const AFTER_SECONDS = 10;
const KILL_LOAD_SECONDS = 3;
const ADMIN = { email: 'outage-bench@example.com', password: STRONG_PASSWORD };

async function countMissing(databaseUrl: string, ids: string[]): Promise<number> {
  const database = await openDatabase({ databaseUrl });
  try {
    const unique = [...new Set(ids)];
    let found = 0;
    for (let i = 0; i < unique.length; i += 1_000) {
      const rows = await database.db
        .select({ id: simulations.id })
        .from(simulations)
        .where(inArray(simulations.id, unique.slice(i, i + 1_000)));
      found += rows.length;
    }
    return unique.length - found;
  } finally {
    await database.close();
  }
}

const cluster = await startOwnPostgres(await freePort());
const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
await admin.unsafe('create database fm_outage');
await admin.end();
const databaseUrl = cluster.url.replace(/\/postgres$/, '/fm_outage');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-outage-bench-'));
let api: ChildProcess | null = null;
try {
  const setup = await openDatabase({ databaseUrl });
  await runMigrations(setup, { databaseUrl });
  await insertMatchupSlate({ database: setup, dataVersion: createDataVersion(setup) });
  await setup.close();

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const apiEnv = {
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SIMULATION_WORKERS: '1',
    LOG_LEVEL: 'silent',
  };
  api = spawnApi(apiEnv);
  await waitForHealth(url);
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => signIn(url, ADMIN)));

  // Phase 1: light load, PostgreSQL stopped and started again.
  const acknowledged: string[] = [];
  const samples: Sample[] = [];
  const events = new Map<number, string>();
  const t0 = performance.now();
  const second = () => Math.floor((performance.now() - t0) / 1000);
  let isLoading = true;
  const kinds: Kind[] = ['simulate', 'me', 'cached page'];
  const load = clients.map(async (headers, c) => {
    for (let i = c; isLoading; i++) {
      samples.push(await send(url, kinds[i % kinds.length]!, headers, t0, (id) => acknowledged.push(id)));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await new Promise((resolve) => setTimeout(resolve, BEFORE_SECONDS * 1000));
  events.set(second(), 'PostgreSQL stopped');
  await cluster.stop();
  const stoppedAt = performance.now() - t0;
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_SECONDS * 1000));
  await cluster.start();
  const startedAt = performance.now() - t0;
  events.set(second(), 'PostgreSQL started');
  await new Promise((resolve) => setTimeout(resolve, AFTER_SECONDS * 1000));
  isLoading = false;
  await Promise.all(load);

  const duringOutage = samples.filter(
    (s) => s.kind !== 'cached page' && s.startedAt >= stoppedAt && s.startedAt + s.ms <= startedAt,
  );
  const firstServed = samples
    .filter((s) => s.kind === 'simulate' && s.status === 200 && s.startedAt >= startedAt)
    .sort((a, b) => a.startedAt - b.startedAt)[0];
  const missing = await countMissing(databaseUrl, acknowledged);

  // Phase 2: the API killed under load.
  const killedAcknowledged: string[] = [];
  let isKilling = true;
  const killT0 = performance.now();
  const killLoad = clients.map(async (headers) => {
    while (isKilling) {
      const sample = await send(url, 'simulate', headers, killT0, (id) => killedAcknowledged.push(id));
      if (typeof sample.status !== 'number') break;
    }
  });
  await new Promise((resolve) => setTimeout(resolve, KILL_LOAD_SECONDS * 1000));
  api.kill('SIGKILL');
  isKilling = false;
  await Promise.all(killLoad);
  api = null;
  const missingAfterKill = await countMissing(databaseUrl, killedAcknowledged);

  console.log(
    `PostgreSQL stopped (pg_ctl stop -m fast) for ${OUTAGE_SECONDS} s under ${CLIENTS} clients ` +
      `(simulate, GET /api/auth/me, a cached public projections page, 50 ms apart); ` +
      `${os.availableParallelism()} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  console.table(perSecondTable(samples, events));
  const outageMs = duringOutage.map((s) => s.ms);
  console.table([
    { measure: 'requests needing the database during the outage', value: duringOutage.length },
    {
      measure: '… answered 503 DATABASE_UNAVAILABLE with Retry-After',
      value: duringOutage.filter(
        (s) => s.status === 503 && s.code === 'DATABASE_UNAVAILABLE' && s.hasRetryAfter,
      ).length,
    },
    {
      measure: '… answered otherwise (timeouts, other codes)',
      value: duringOutage.filter((s) => !(s.status === 503 && s.code === 'DATABASE_UNAVAILABLE')).length,
    },
    {
      measure: '… answer time p50 / p99 / max (ms)',
      value: `${percentile(outageMs, 0.5).toFixed(0)} / ${percentile(outageMs, 0.99).toFixed(0)} / ${Math.max(0, ...outageMs).toFixed(0)}`,
    },
    {
      measure: 'cached page answered 200 during the outage',
      value: `${samples.filter((s) => s.kind === 'cached page' && s.startedAt >= stoppedAt && s.startedAt < startedAt && s.status === 200).length} of ${samples.filter((s) => s.kind === 'cached page' && s.startedAt >= stoppedAt && s.startedAt < startedAt).length}`,
    },
    {
      measure: 'recovery: PostgreSQL started → first simulation served',
      value: firstServed
        ? `${((firstServed.startedAt + firstServed.ms - startedAt) / 1000).toFixed(2)} s`
        : 'never',
    },
    {
      measure: 'acknowledged simulation ids (outage phase) / missing',
      value: `${new Set(acknowledged).size} / ${missing}`,
    },
    {
      measure: 'acknowledged simulation ids before SIGKILL / missing',
      value: `${new Set(killedAcknowledged).size} / ${missingAfterKill}`,
    },
  ]);
  if (missing + missingAfterKill > 0) process.exitCode = 1;
} finally {
  api?.kill('SIGKILL');
  await cluster.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
