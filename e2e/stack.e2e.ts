/**
 * The production-like stack (`npm run stack`): two built API processes behind Debian's nginx with the repository's
 * own configuration, one PostgreSQL, one Redis. Everything the browser and the clients do goes through nginx; only
 * the data changes are made on one named process, as a sync on one machine of a cluster would be.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import http2 from 'node:http2';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IN_SEASON_LEAGUE_ID,
  readSyncRecord,
  startOwnRedis,
  TestClient,
  type OwnRedis,
} from '@fm/api/testing';
import { createTestDatabase, openDatabase, type Database, type TestDatabase } from '@fm/db';
import type { LeagueInputDetails } from '@fm/contract';
import { type E2eGameDay, startE2eGameDay } from './game-day.js';
import { ARTIFACTS_DIR, freePort, launchBrowser, openPage, ROOT, type E2eApp } from './harness.js';
import { until } from './until.js';
import { linkWeekBeforeKickoff, waitForProjectedWeek } from './nfl-weeks.js';
import { ADMIN_EMAIL, E2E_PASSWORD, linkSleeper, openLeaguePage } from './site-pages.js';
import { SITE_HOST, startProductionSite } from './production-site.js';

const PROCESSES = 2;
const SEASON = 2025;
const LIVE_WEEK = 2;
const LEAGUE = 'You Get in the Bowl';
const MY_ROSTER_ID = 1;
const BOOT_TIMEOUT_MS = 120_000;
/** A change on screen within this long of its commit, whichever process made it. */
const PUSH_DEADLINE_MS = 10_000;
const FIRST_EVENT_DEADLINE_MS = 2_000;

interface Stack {
  url: string;
  api_pids: number[];
  proxy_pid: number;
}

/** A free port P with P+1 … P+PROCESSES free too (the stack's API processes listen there). */
async function freeStackPort(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port + PROCESSES > 65_535) continue;
    const probes = await Promise.all(Array.from({ length: PROCESSES }, (_, i) => isFree(port + 1 + i)));
    if (probes.every(Boolean)) return port;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = http.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

interface Answer {
  status: number;
  body: string;
}

/** A request from a client at `from` (a loopback address of its own, as another machine would be). */
function requestFrom(
  from: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', localAddress: from, headers: options.headers, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** A client at `from` signing in as `email`: it fetches its CSRF token first, as the web app does. */
async function loginFrom(from: string, url: string, email: string, password: string, forwardedFor?: string) {
  const csrf = await requestFrom(from, `${url}/api/auth/csrf-token`);
  const token = (JSON.parse(csrf.body) as { csrfToken: string }).csrfToken;
  return requestFrom(from, `${url}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': token,
      cookie: `csrf-token=${token}`,
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ email, password }),
  });
}

/**
 * Requests that read the database, `clients` at a time through nginx, until `during` settles; answers every
 * status seen and how many requests were made.
 */
async function steadyClients(url: string, clients: number, during: Promise<unknown>) {
  let isDone = false;
  const statuses: number[] = [];
  void during.finally(() => (isDone = true));
  const loop = async () => {
    while (!isDone) {
      const response = await fetch(`${url}/api/projections/public/all?week=${LIVE_WEEK}&limit=5`).catch(
        (error: Error) => ({ status: `network error: ${error.message}` as const }),
      );
      statuses.push(typeof response.status === 'number' ? response.status : 0);
      if ('body' in response) await response.arrayBuffer();
    }
  };
  await Promise.all([during, ...Array.from({ length: clients }, loop)]);
  return statuses;
}

/**
 * The league page's headline once its engine run is done (undefined while it runs): the win probability with the
 * projected finals, or once every game is over the result ("Final 126.7 – 80.3 · You won by 46.4").
 */
async function headline(page: Page): Promise<string | undefined> {
  // the page may replace what was just counted (the final result takes the preview's place): read it as unsettled
  const text = (locator: Locator) => locator.textContent({ timeout: 1_000 }).catch(() => null);
  const result = page.getByTestId('final-score');
  if ((await result.count()) > 0) return (await text(result)) ?? undefined;
  if ((await page.getByTestId('win-bar-updating').count()) > 0) return undefined;
  if ((await page.getByTestId('preview-win-probability').count()) === 0) return undefined;
  const figure = await text(page.getByTestId('preview-win-probability'));
  const expected = await text(page.locator('.win-bar__meta'));
  return figure && expected && !expected.includes('Updating') ? `${figure} ${expected}` : undefined;
}

/** One GET over HTTP/2 for the site's host name (TLS, the self-signed certificate accepted). */
function getOverHttp2(origin: string, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin, { rejectUnauthorized: false, servername: SITE_HOST });
    session.once('error', reject);
    const request = session.request({ ':path': pathname, ':authority': SITE_HOST });
    let body = '';
    let status = 0;
    request.setEncoding('utf8');
    request.on('response', (headers) => (status = Number(headers[':status'])));
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      session.close();
      resolve({ status, body });
    });
    request.once('error', reject);
  });
}

describe.runIf(process.env.DATABASE_URL)('two API processes behind nginx (npm run stack)', () => {
  let database: TestDatabase;
  let reader: Database;
  let redis: OwnRedis;
  let gameDay: E2eGameDay;
  let nflDir: string;
  let browser: Browser;
  let stackProcess: ChildProcess;
  let stack: Stack;
  const stackErrors: string[] = [];
  /** API process i (from 0) listens on the stack's port + 1 + i. */
  const apiUrl = (i: number) => `http://127.0.0.1:${Number(new URL(stack.url).port) + 1 + i}`;

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL, { isMigrated: false });
    redis = await startOwnRedis();
    nflDir = linkWeekBeforeKickoff(SEASON, LIVE_WEEK);
    gameDay = await startE2eGameDay({
      nflDir,
      season: SEASON,
      week: LIVE_WEEK,
      myRosterId: MY_ROSTER_ID,
      kickoff: new Date(Date.now() - 60 * 60_000),
    });
    const logDir = path.join(ARTIFACTS_DIR, 'logs', 'stack');
    rmSync(logDir, { recursive: true, force: true });
    mkdirSync(logDir, { recursive: true });
    const port = await freeStackPort();
    stackProcess = spawn(
      process.execPath,
      ['scripts/stack.mjs', '--processes', String(PROCESSES), '--port', String(port), '--log-dir', logDir],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATABASE_URL: database.url!,
          REDIS_URL: redis.url,
          ADMIN_EMAIL,
          ADMIN_PASSWORD: E2E_PASSWORD,
          NFL_DATA_DIR: nflDir,
          SLEEPER_API_URL: gameDay.sleeper.url,
          NFL_SCOREBOARD_URL: `${gameDay.scoreboard.url}/scoreboard`,
          ESPN_API_URL: 'http://127.0.0.1:9',
          // the syncs this suite makes are the admin's "Sync now" on a process it names
          DATA_SYNC_MINUTES: '0',
          // the steady clients read projections lists from one address for as long as a restart takes
          PROJECTION_LISTS_PER_MINUTE: '1000000',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    readline.createInterface({ input: stackProcess.stderr! }).on('line', (line) => stackErrors.push(line));
    const lines = readline.createInterface({ input: stackProcess.stdout! })[Symbol.asyncIterator]();
    const exited = new Promise<never>((_, reject) =>
      stackProcess.once('exit', (code) =>
        reject(new Error(`npm run stack exited with ${code}:\n${stackErrors.join('\n')}`)),
      ),
    );
    const first = await Promise.race([lines.next(), exited]);
    stack = JSON.parse(String(first.value)) as Stack;
    browser = await launchBrowser();
    reader = await openDatabase({ databaseUrl: database.url! });
    await waitForProjectedWeek({ baseUrl: stack.url } as E2eApp, LIVE_WEEK, BOOT_TIMEOUT_MS);
  }, BOOT_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    await browser?.close();
    if (stackProcess?.exitCode === null) {
      stackProcess.kill('SIGKILL');
      for (const pid of [...(stack?.api_pids ?? []), stack?.proxy_pid]) {
        try {
          if (pid) process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    await reader?.close();
    await gameDay?.close();
    await redis?.stop();
    await database?.destroy();
    if (nflDir) rmSync(nflDir, { recursive: true, force: true });
  });

  /** The admin's "Sync now" on API process `i` (by its own port, not through nginx); resolves when it is done. */
  async function syncOn(i: number): Promise<number> {
    const admin = new TestClient(apiUrl(i));
    expect((await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: E2E_PASSWORD })).status).toBe(
      200,
    );
    const before = (await readSyncRecord(reader)).lastSuccessAt;
    const started = await admin.post('/api/admin/data-sync', {});
    expect(started.status).toBe(200);
    expect(started.body.data.isStarted).toBe(true);
    const done = await until(`the sync on process ${i + 1}`, 60_000, async () => {
      const record = await readSyncRecord(reader);
      return record.lastSuccessAt && record.lastSuccessAt !== before && !record.running ? record : undefined;
    });
    return Date.parse(done.lastSuccessAt!);
  }

  it('sends the live stream’s first event through nginx within 2 s', async () => {
    const startedAt = performance.now();
    const events: { at: number; block: string }[] = [];
    const controller = new AbortController();
    const response = await fetch(`${stack.url}/trpc/live.dataChanges`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reading = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      const stream = response.body!.getReader();
      for (let chunk = await stream.read(); !chunk.done; chunk = await stream.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          events.push({ at: performance.now(), block: buffer.slice(0, end) });
          buffer = buffer.slice(end + 2);
        }
      }
    })().catch(() => {});
    const first = await until('the first data event', FIRST_EVENT_DEADLINE_MS + 5_000, () =>
      events.find((event) => event.block.includes('data: {"version"')),
    );
    expect(first.at - startedAt).toBeLessThan(FIRST_EVENT_DEADLINE_MS);
    const version = /^id: (.+)$/m.exec(first.block)?.[1];
    expect(version).toBeTruthy();
    controller.abort();
    await reading;
  });

  it('signs in through the proxy in a browser, and an open league page moves within 10 s of a sync on either process', async () => {
    const { context, page, errors } = await openPage(browser, stack.url);
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();

    // the first sync: the week's schedule and the directory's Sleeper ids
    await syncOn(0);
    await linkSleeper(page);
    await openLeaguePage(page, LEAGUE);
    await page.getByRole('status').filter({ hasText: /^Live/ }).waitFor();
    const pregame = await until('the pregame figure', 30_000, () => headline(page));

    // who scores what by the final whistle: my line-up above its projections, everyone else's below
    const answer = await context.request.get(
      `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details?week=${LIVE_WEEK}`,
    );
    const details = (await answer.json()) as LeagueInputDetails;
    const finals = new Map<string, number>();
    for (const roster of details.rosters) {
      const share = roster.roster_id === MY_ROSTER_ID ? 1.2 : 0.8;
      for (const player of [...roster.players.starters, ...roster.players.bench]) {
        const projection = details.projections[player.player_id];
        if (projection && ['QB', 'RB', 'WR', 'TE'].includes(player.position))
          finals.set(player.player_id, Math.round(projection.mean * share * 10) / 10);
      }
    }
    gameDay.plan(finals);

    // Halftime lands by a sync on process 1, the final whistle by one on process 2: whichever process holds the
    // page's stream, one of the two changes was made on the other.
    const steps = [
      { onProcess: 0, phase: 'halftime', isShown: (now: string) => now !== pregame },
      { onProcess: 1, phase: 'final', isShown: (now: string) => /^Final .* won by/.test(now) },
    ] as const;
    for (const { onProcess: i, phase, isShown } of steps) {
      gameDay.advance(phase);
      const committedAt = await syncOn(i);
      await until(`the page to show the ${phase}`, PUSH_DEADLINE_MS + 10_000, async () => {
        const now = await headline(page);
        return now && isShown(now) ? now : undefined;
      });
      console.log(
        `[stack e2e] ${phase} (synced on process ${i + 1}): on screen ${Date.now() - committedAt} ms after`,
      );
      expect(Date.now() - committedAt).toBeLessThan(PUSH_DEADLINE_MS);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("counts sign-in guesses against each client's own address: one locked out leaves another free", async () => {
    const [guesser, other] = ['127.0.0.2', '127.0.0.3'];
    for (let i = 0; i < 5; i++) {
      // the guesser claims to be the other client; nginx passes the address it really came from
      const guess = await loginFrom(guesser, stack.url, ADMIN_EMAIL, `Wrong$Guess${i}xx`, other);
      expect(guess.status).toBe(401);
    }
    expect((await loginFrom(guesser, stack.url, ADMIN_EMAIL, E2E_PASSWORD, other)).status).toBe(429);
    const fromOther = await loginFrom(other, stack.url, ADMIN_EMAIL, E2E_PASSWORD);
    expect(fromOther.status).toBe(200);
  });

  it('serves the production site configuration over HTTP/2 with TLS, and sends plain HTTP there', async () => {
    const site = await startProductionSite([1, 2].map((i) => Number(new URL(stack.url).port) + i));
    try {
      const health = await getOverHttp2(`https://127.0.0.1:${site.https}`, '/api/health');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
      const page = await getOverHttp2(`https://127.0.0.1:${site.https}`, '/');
      expect(page.body).toContain('<div id="root">');
      const plain = await requestFrom('127.0.0.1', `http://127.0.0.1:${site.plain}/leagues`, {
        headers: { host: SITE_HOST },
      });
      expect(plain.status).toBe(301);
    } finally {
      await site.stop();
    }
  });

  it('loses no request when an API process is killed, and brings it back', async () => {
    const victim = stack.api_pids[0]!;
    const killing = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      process.kill(victim, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    })();
    const statuses = await steadyClients(stack.url, 4, killing);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // restarted like systemd's Restart=always
    await until('the killed process to answer again', 60_000, async () =>
      (await fetch(`${apiUrl(0)}/api/health`).catch(() => null))?.ok ? true : undefined,
    );
  }, 90_000);

  it('loses no request during a rolling restart of every process, and stops everything on SIGTERM', async () => {
    const from = stackErrors.length;
    stackProcess.kill('SIGHUP');
    const restarted = until('the rolling restart', 120_000, () =>
      stackErrors.slice(from).find((line) => line.startsWith('stack: rolling restart done')),
    );
    const statuses = await steadyClients(stack.url, 4, restarted);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const restartedPids = JSON.parse((await restarted).replace(/^[^{]*/, '')) as { api_pids: number[] };
    expect(restartedPids.api_pids.some((pid) => stack.api_pids.includes(pid))).toBe(false);

    const exitCode = new Promise((resolve) => stackProcess.once('exit', resolve));
    stackProcess.kill('SIGTERM');
    expect(await exitCode).toBe(0);
    for (const pid of [...restartedPids.api_pids, stack.proxy_pid]) {
      expect(() => process.kill(pid, 0)).toThrow();
    }
  }, 150_000);
});
