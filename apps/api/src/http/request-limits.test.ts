import http from 'node:http';
import net from 'node:net';
import { MAX_CALLS_PER_BATCH } from '@fm/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInAccount, type TestAccount } from '../../test/admin-accounts.js';
import { IN_SEASON_LEAGUE_ID, startFakeSleeper, type FakeSleeper } from '../../test/fakes/sleeper-server.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { rawRequest } from '../../test/raw-http.js';
import { MAX_TIMEOUT_CHECK_INTERVAL_MS } from '../app.js';
import { DEFAULT_REQUEST_TIMEOUT_SECONDS, loadConfig } from '../config.js';
import { LINKS_PER_USER } from '../services/leagues/link-limit.js';
import { HEAVY_PUBLIC_READS_PER_ADDRESS } from '../services/rate-limits/heavy-public-reads.js';

const STREAMS_PER_ADDRESS = 3;
const REQUEST_TIMEOUT_SECONDS = 2;

/** A `live.dataChanges` stream opened from `localAddress` (any 127.0.0.0/8 address reaches the server). */
function openStream(baseUrl: string, localAddress: string) {
  return new Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    body: () => string;
    isClosed: () => boolean;
    close(): void;
  }>((resolve, reject) => {
    const request = http.get(new URL('/trpc/live.dataChanges', baseUrl), {
      headers: { accept: 'text/event-stream' },
      localAddress,
      agent: false,
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      let isClosed = false;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('close', () => (isClosed = true));
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: () => text,
        isClosed: () => isClosed,
        close: () => request.destroy(),
      });
    });
  });
}

/** Sends a login whose 60-byte body arrives one byte a second; resolves with what came back and when the connection ended. */
function trickleLogin(baseUrl: string, csrf: string) {
  const url = new URL(baseUrl);
  return new Promise<{ answer: string; elapsedMs: number; bytesSent: number }>((resolve) => {
    const started = performance.now();
    const socket = net.connect(Number(url.port), url.hostname);
    let answer = '';
    let bytesSent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, elapsedMs: performance.now() - started, bytesSent });
    });
    socket.on('connect', () => {
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Cookie: csrf-token=${csrf}\r\nX-CSRF-Token: ${csrf}\r\nContent-Length: 60\r\n\r\n`,
      );
      timer = setInterval(() => {
        if (bytesSent < 60 && socket.writable) {
          socket.write('{');
          bytesSent += 1;
        }
      }, 1_000);
    });
  });
}

describe('limits on batches, linking, heavy reads, live streams and slow requests', () => {
  let sleeper: FakeSleeper;
  let server: TestServer;
  let member: TestAccount;
  let attacker: TestAccount;

  beforeAll(async () => {
    sleeper = await startFakeSleeper({ scenario: 'in-season' });
    server = await startTestServer('pglite', {
      SLEEPER_API_URL: sleeper.url,
      // the product's Sleeper budget as the review ran it: small enough for one user to spend
      SLEEPER_CALLS_PER_MINUTE: '40',
      LIVE_STREAMS_PER_ADDRESS: String(STREAMS_PER_ADDRESS),
      REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS),
    });
    [member, attacker] = await Promise.all([signedInAccount(server), signedInAccount(server)]);
    expect((await member.client.post('/api/leagues/sleeper/connect', { username: 'dakeif' })).status).toBe(
      200,
    );
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await sleeper?.close();
  });

  const connectBatch = (names: string[]) =>
    attacker.client.post<any>(`/trpc/${names.map(() => 'leagues.sleeperConnect').join(',')}?batch=1`, {
      ...Object.fromEntries(names.map((username, i) => [String(i), { username }])),
    });

  it('refuses a batch of 80 connects before any reaches Sleeper; connects sent 10 at a time reach it at most the linking limit; another member’s league still answers', async () => {
    sleeper.reset();
    const names = Array.from({ length: 80 }, (_, i) => `stranger${i}`);
    const whole = await connectBatch(names);
    expect(whole.status).toBe(400);
    expect(whole.body).toEqual({ code: 'BATCH_TOO_LARGE', message: expect.stringContaining('at most 10') });
    expect(sleeper.requests).toHaveLength(0);

    const answers = [];
    for (let i = 0; i < names.length; i += MAX_CALLS_PER_BATCH) {
      answers.push(...(await connectBatch(names.slice(i, i + MAX_CALLS_PER_BATCH))).body);
    }
    const codes = answers.map((answer: any) => answer.error?.data?.appCode);
    expect(codes.filter((code) => code === 'SLEEPER_USER_NOT_FOUND')).toHaveLength(LINKS_PER_USER.points);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(80 - LINKS_PER_USER.points);
    expect(sleeper.requests.length).toBeLessThanOrEqual(LINKS_PER_USER.points);

    const refused = await attacker.client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('link') });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    server.deps.leagues.sleeperCache.clear();
    // the member is another client: the attacker's address has spent its part of the budget too
    const read = await rawRequest(server.url, {
      method: 'GET',
      path: `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details`,
      localAddress: '127.0.0.25',
      headers: { cookie: [...member.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    expect(read.status).toBe(200);
    expect(read.body.league.league_id).toBe(IN_SEASON_LEAGUE_ID);
  });

  it('never batches auth calls, and answers a batch of 10 others', async () => {
    const input = encodeURIComponent(JSON.stringify({}));
    for (const path of ['auth.me', 'nflStats.seasons,auth.me']) {
      const refused = await member.client.get(`/trpc/${path}?batch=1&input=${input}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        code: 'BATCH_NOT_ALLOWED',
        message: expect.stringContaining('auth.me'),
      });
    }
    const ten = Array.from({ length: MAX_CALLS_PER_BATCH }, () => 'nflStats.seasons').join(',');
    const answered = await server.client().get(`/trpc/${ten}?batch=1&input=${input}`);
    expect(answered.status).toBe(200);
    expect(answered.body).toHaveLength(MAX_CALLS_PER_BATCH);
  });

  it('limits NFL stats reads per client address, and not another address', async () => {
    const read = (localAddress: string) =>
      rawRequest(server.url, { method: 'GET', path: '/api/nfl-stats/seasons', localAddress });
    for (let i = 0; i < HEAVY_PUBLIC_READS_PER_ADDRESS.points; i++) {
      expect((await read('127.0.0.21')).status).toBe(200);
    }
    const refused = await read('127.0.0.21');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await read('127.0.0.22')).status).toBe(200);
  });

  it('holds at most LIVE_STREAMS_PER_ADDRESS streams from one address, takes one more when one closes, and cuts a trickled request while streams stay open', async () => {
    const streams = await Promise.all(
      Array.from({ length: STREAMS_PER_ADDRESS }, () => openStream(server.url, '127.0.0.31')),
    );
    expect(streams.map((stream) => stream.status)).toEqual(Array(STREAMS_PER_ADDRESS).fill(200));
    const refused = await openStream(server.url, '127.0.0.31');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await vi.waitFor(() => expect(JSON.parse(refused.body())).toMatchObject({ code: 'RATE_LIMITED' }));
    const elsewhere = await openStream(server.url, '127.0.0.32');
    expect(elsewhere.status).toBe(200);

    streams.pop()!.close();
    await vi.waitFor(async () => {
      const again = await openStream(server.url, '127.0.0.31');
      again.close();
      expect(again.status).toBe(200);
    });

    const csrf = await server.client().fetchCsrfToken();
    const trickled = await trickleLogin(server.url, csrf);
    expect(trickled.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(trickled.answer).toContain('REQUEST_TIMEOUT');
    expect(trickled.bytesSent).toBeLessThan(60);
    expect(trickled.elapsedMs).toBeLessThan(REQUEST_TIMEOUT_SECONDS * 1000 + 3_000);
    // the streams outlived the request timeout: their requests were complete at once
    for (const stream of [...streams, elsewhere]) {
      expect(stream.isClosed()).toBe(false);
      expect(stream.body()).toContain('data:');
      stream.close();
    }
  }, 20_000);

  it('marks signed-in and personal answers no-store, and lets a public page be cached, varying by cookie', async () => {
    const admin = await signedInAccount(server, 'admin');
    const personal = [
      [member.client, '/api/auth/me'],
      [member.client, '/trpc/auth.me'],
      [member.client, '/api/leagues/connections'],
      [member.client, '/api/projections/public/all'],
      [admin.client, '/api/admin/data-sync'],
    ] as const;
    for (const [client, path] of personal) {
      const answer = await client.get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('cache-control'), path).toBe('private, no-store');
      expect(answer.headers.get('vary'), path).toMatch(/\bCookie\b/);
    }
    const anonymous = await fetch(new URL('/api/projections/public/all', server.url));
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(anonymous.headers.get('vary')).toMatch(/\bCookie\b/);
    const signedOut = await fetch(new URL('/api/auth/me', server.url));
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get('cache-control')).toBe('no-store');
  });

  it('cuts a trickled request within 60 s by default', () => {
    const config = loadConfig({ SESSION_SECRET: 's'.repeat(32) });
    expect(config.requestTimeoutSeconds).toBe(DEFAULT_REQUEST_TIMEOUT_SECONDS);
    expect(config.requestTimeoutSeconds * 1000 + MAX_TIMEOUT_CHECK_INTERVAL_MS).toBeLessThanOrEqual(60_000);
  });
});
