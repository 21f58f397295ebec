/**
 * Does the answer time of forgot-password and resend-verification tell whether an address has
 * an account? Times each endpoint for an address that gets a mail (a verified account for
 * forgot-password, one awaiting verification for resend) and for an unknown address, the two
 * interleaved in one run, and prints medians, p95s and their ratios. Each request comes from its
 * own loopback address (so the per-address limits never answer instead), and the mail work a
 * request leaves behind is finished before the next request starts.
 * Run: `npx tsx bench/account-timing.bench.ts` (BENCH_SAMPLES, default 150 per path; with
 * DATABASE_URL set, on a throw-away PostgreSQL database instead of PGlite).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { createTestDatabase, users } from '@fm/db';
import { loadConfig } from '../src/config.js';
import { hashPassword } from '../src/services/auth/password-hashing.js';
import { ACCOUNT_MAILS_PER_ADDRESS } from '../src/services/mail/account-mail-limits.js';
import { startServer } from '../src/server.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 150);
const PASSWORD = 'Touchdown!2024x';

let addressCounter = 0;
/** A fresh loopback source address per request: 127.1.0.1, 127.1.0.2, … */
function nextAddress(): string {
  addressCounter += 1;
  return `127.1.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

// The client runs in a worker thread: its clock must not wait for this thread, where the server
// starts each request's mail work as soon as the answer is sent.
const client = new Worker(new URL('./timed-post-worker.mjs', import.meta.url));

/** Milliseconds from sending a POST to its whole answer, from a new address with its CSRF token. */
function timedPost(baseUrl: string, route: string, email: string): Promise<number> {
  client.postMessage({ baseUrl, route, email, localAddress: nextAddress() });
  return new Promise((resolve, reject) => {
    client.once('message', ({ ms, status, text }: { ms: number; status: number; text: string }) => {
      if (status === 200) resolve(ms);
      else reject(new Error(`${route} answered ${status}: ${text}`));
    });
  });
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-bench-'));
// With DATABASE_URL, a throw-away database on that server (dropped at the end); else PGlite.
const postgres = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
await postgres?.close();
const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: postgres?.url });
const server = await startServer(config, { webDistDir: path.join(dataDir, 'no-web') });
try {
  const passwordHash = await hashPassword(PASSWORD);
  const stamp = Date.now().toString(36);
  const accounts = (label: string, isVerified: boolean) =>
    Array.from({ length: SAMPLES }, (_, i) => ({
      email: `${label}-${stamp}-${i}@example.com`,
      passwordHash,
      emailVerifiedAt: isVerified ? new Date() : null,
    }));
  const verified = accounts('verified', true);
  const waiting = accounts('waiting', false);
  await server.deps.database.db.insert(users).values([...verified, ...waiting]);

  const endpoints = [
    { route: '/api/auth/forgot-password', known: verified, knownLabel: 'verified account' },
    { route: '/api/auth/resend-verification', known: waiting, knownLabel: 'account awaiting verification' },
  ];
  console.log(
    `account-mail answer times: ${SAMPLES} requests per path, interleaved (${server.deps.database.kind})`,
  );
  for (const { route, known, knownLabel } of endpoints) {
    // Warm-up: the first requests of a path compile and cache more than later ones.
    for (let i = 0; i < 5; i += 1) await timedPost(server.url, route, `warm-${stamp}-${i}@example.com`);
    await server.deps.accountMails.flush();
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const measureKnown = async () => knownMs.push(await timedPost(server.url, route, known[i]!.email));
      const measureUnknown = async () =>
        unknownMs.push(await timedPost(server.url, route, `nobody-${stamp}-${i}@example.com`));
      for (const measure of i % 2 === 0 ? [measureKnown, measureUnknown] : [measureUnknown, measureKnown]) {
        await measure();
        await server.deps.accountMails.flush();
      }
    }
    const row = (label: string, times: number[]) =>
      `  ${label.padEnd(32)} median ${quantile(times, 0.5).toFixed(2)} ms   p95 ${quantile(times, 0.95).toFixed(2)} ms`;
    console.log(route);
    console.log(row(knownLabel, knownMs));
    console.log(row('unknown address', unknownMs));
    console.log(
      `  ratio known/unknown              median ${(quantile(knownMs, 0.5) / quantile(unknownMs, 0.5)).toFixed(2)}   p95 ${(quantile(knownMs, 0.95) / quantile(unknownMs, 0.95)).toFixed(2)}`,
    );
  }

  // An address mailed in the last hour (its mailbox counted in the account-mail share, its
  // account holding a fresh link) against one never mailed: the answer must not tell them apart,
  // or forgot-password tells who registered or asked recently. Both are accounts. Measured for
  // an address mailed once, and for one at its mailbox's share (which once answered a fast 429).
  // Target: median ratio within 0.67–1.5.
  const route = '/api/auth/forgot-password';
  for (const [label, earlierMails] of [
    ['mailed once in the last hour', 1],
    [`mailed ${ACCOUNT_MAILS_PER_ADDRESS.points} times (its share)`, ACCOUNT_MAILS_PER_ADDRESS.points],
  ] as const) {
    const mailed = accounts(`mailed${earlierMails}`, true);
    const never = accounts(`never${earlierMails}`, true);
    await server.deps.database.db.insert(users).values([...mailed, ...never]);
    for (const { email } of mailed) {
      for (let i = 0; i < earlierMails; i += 1) await timedPost(server.url, route, email);
    }
    await server.deps.accountMails.flush();
    const mailedMs: number[] = [];
    const neverMs: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const measureMailed = async () => mailedMs.push(await timedPost(server.url, route, mailed[i]!.email));
      const measureNever = async () => neverMs.push(await timedPost(server.url, route, never[i]!.email));
      for (const measure of i % 2 === 0 ? [measureMailed, measureNever] : [measureNever, measureMailed]) {
        await measure();
        await server.deps.accountMails.flush();
      }
    }
    const ratio = quantile(mailedMs, 0.5) / quantile(neverMs, 0.5);
    const isMet = ratio >= 0.67 && ratio <= 1.5;
    console.log(`${route}: ${label} vs never mailed (${SAMPLES} each)`);
    console.log(
      `  ${label.padEnd(32)} median ${quantile(mailedMs, 0.5).toFixed(2)} ms   p95 ${quantile(mailedMs, 0.95).toFixed(2)} ms`,
    );
    console.log(
      `  ${'never mailed'.padEnd(32)} median ${quantile(neverMs, 0.5).toFixed(2)} ms   p95 ${quantile(neverMs, 0.95).toFixed(2)} ms`,
    );
    console.log(
      `  ratio mailed/never               median ${ratio.toFixed(2)} (target 0.67–1.5: ${isMet ? 'met' : 'NOT met'})`,
    );
  }
} finally {
  await client.terminate();
  await server.close();
  await postgres?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
