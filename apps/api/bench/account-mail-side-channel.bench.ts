/**
 * Does forgot-password or register tell a known address from an unknown one, by the time of its
 * answer or of the next request on the same connection (the work a request leaves behind slows
 * whatever comes next)? Each sample sends the POST and then at once a GET on the same keep-alive
 * connection, for a known address and an unknown one, the two interleaved; between samples the
 * mail work is finished (so samples do not disturb each other). Prints medians, p95s and ratios.
 * Run: `npx tsx bench/account-mail-side-channel.bench.ts` (BENCH_SAMPLES, default 100 per path
 * and address kind; with DATABASE_URL set, on a throw-away PostgreSQL database instead of PGlite).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { createTestDatabase, users } from '@fm/db';
import { loadConfig } from '../src/config.js';
import { hashPassword } from '../src/services/auth/password-hashing.js';
import { startServer } from '../src/server.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const PASSWORD = 'Touchdown!2024x';

let addressCounter = 0;
/** A fresh loopback source address per sample: the per-address limits never answer instead. */
function nextAddress(): string {
  addressCounter += 1;
  return `127.2.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

const client = new Worker(new URL('./timed-pair-worker.mjs', import.meta.url));

interface Timing {
  answerMs: number;
  nextMs: number;
}
function timedPair(baseUrl: string, route: string, body: Record<string, string>): Promise<Timing> {
  client.postMessage({ baseUrl, route, body, localAddress: nextAddress() });
  return new Promise((resolve, reject) => {
    client.once('message', (result: Timing & { status: number; text: string }) => {
      if (result.status === 200) resolve(result);
      else reject(new Error(`${route} answered ${result.status}: ${result.text}`));
    });
  });
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-bench-'));
const postgres = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
await postgres?.close();
const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: postgres?.url });
const server = await startServer(config, { webDistDir: path.join(dataDir, 'no-web') });
/** Waits until the mail work of earlier requests is done, however this version of the server does it. */
const settle = async () => {
  const deps = server.deps as typeof server.deps & { accountMails?: { flush(): Promise<void> } };
  await (deps.accountMails ? deps.accountMails.flush() : deps.mailer.flush());
};
try {
  const passwordHash = await hashPassword(PASSWORD);
  const stamp = Date.now().toString(36);
  const known = Array.from({ length: SAMPLES * 2 }, (_, i) => ({
    email: `known-${stamp}-${i}@example.com`,
    passwordHash,
    emailVerifiedAt: new Date(),
  }));
  await server.deps.database.db.insert(users).values(known);
  const paths = [
    { route: '/api/auth/forgot-password', body: (email: string) => ({ email }), offset: 0 },
    {
      route: '/api/auth/register',
      body: (email: string) => ({ email, password: PASSWORD }),
      offset: SAMPLES,
    },
  ];
  console.log(
    `account mails, answer and next request: ${SAMPLES} samples each (${server.deps.database.kind})`,
  );
  for (const { route, body, offset } of paths) {
    for (let i = 0; i < 5; i += 1)
      await timedPair(server.url, route, body(`warm-${stamp}-${route.length}-${i}@example.com`));
    await settle();
    const knownTimes: Timing[] = [];
    const unknownTimes: Timing[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const measureKnown = async () =>
        knownTimes.push(await timedPair(server.url, route, body(known[offset + i]!.email)));
      const measureUnknown = async () =>
        unknownTimes.push(
          await timedPair(server.url, route, body(`nobody-${stamp}-${offset + i}@example.com`)),
        );
      for (const measure of i % 2 === 0 ? [measureKnown, measureUnknown] : [measureUnknown, measureKnown]) {
        await measure();
        await settle();
      }
    }
    const row = (label: string, times: number[]) =>
      `    ${label.padEnd(16)} median ${quantile(times, 0.5).toFixed(2)} ms   p95 ${quantile(times, 0.95).toFixed(2)} ms`;
    console.log(route);
    for (const [label, pick] of [
      ['answer', (t: Timing) => t.answerMs],
      ['next request', (t: Timing) => t.nextMs],
    ] as const) {
      const k = knownTimes.map(pick);
      const u = unknownTimes.map(pick);
      console.log(`  ${label}`);
      console.log(row('known address', k));
      console.log(row('unknown address', u));
      console.log(`    ratio known/unknown median ${(quantile(k, 0.5) / quantile(u, 0.5)).toFixed(2)}`);
    }
  }
} finally {
  await client.terminate();
  await server.close();
  await postgres?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
