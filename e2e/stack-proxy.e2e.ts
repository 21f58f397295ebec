/**
 * `npm run stack` as a supervisor runs it (one API process behind Debian's nginx, started through npm), and the
 * production site made from the same recipe: what nginx itself refuses (unknown Host names, sign-in bursts), what
 * it never shows (its version) and always sends (HSTS, on assets too); and a SIGTERM sent to npm stopping every
 * process the stack started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import readline from 'node:readline';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@fm/db';
import { ARTIFACTS_DIR, freePort, ROOT } from './harness.js';
import { SITE_HOST, startProductionSite, type ProductionSite } from './production-site.js';
import { ADMIN_EMAIL, E2E_PASSWORD } from './site-pages.js';
import { until } from './until.js';

/** Under a loaded 2-core machine npm, the build check and the first start take up to about two minutes. */
const BOOT_TIMEOUT_MS = 240_000;
/** Sign-ins sent at once from one address: more than nginx's burst (20) lets through. */
const SIGN_IN_BURST = 40;
/** What nginx itself answers when it refuses (deploy/nginx/fantasy-locations.conf's @too_many). */
const NGINX_REFUSAL =
  '{"code":"RATE_LIMITED","message":"Too many requests from your address. Wait a few seconds and try again."}';

interface Stack {
  url: string;
  api_pids: number[];
  proxy_pid: number;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Options = { method?: string; headers?: Record<string, string>; body?: string; from?: string };

function collect(resolve: (answer: Answer) => void) {
  return (response: http.IncomingMessage) => {
    let body = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (body += chunk));
    response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
  };
}

/** One plain HTTP request from loopback address `from` (another client, as far as nginx can tell). */
function request(url: string, options: Options = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from, agent: false },
      collect(resolve),
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}

/** One HTTPS request naming `host` in Host and `servername` (default: `host`) in SNI (any certificate accepted). */
function requestTls(port: number, pathname: string, host: string, servername = host): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = https.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        servername,
        headers: { host },
        rejectUnauthorized: false,
      },
      collect(resolve),
    );
    sent.on('error', reject);
    sent.end();
  });
}

/** Whether a TLS handshake without SNI (a client on the bare address) is refused. */
function isHandshakeRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, rejectUnauthorized: false });
    socket.once('secureConnect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** The pids whose parent is `pid` (nginx's workers under its master). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A free port P with P+1 free too (the stack's one API process listens there). */
async function freeStackPort(): Promise<number> {
  for (;;) {
    const port = await freePort();
    const probe = await request(`http://127.0.0.1:${port + 1}/`).then(
      () => false,
      () => true,
    );
    if (port < 65_535 && probe) return port;
  }
}

describe.runIf(process.env.DATABASE_URL)('npm run stack: the proxy as deployed, stopped through npm', () => {
  let database: TestDatabase;
  let npm: ChildProcess;
  let stack: Stack;
  const stderr: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL, { isMigrated: false });
    const logDir = path.join(ARTIFACTS_DIR, 'logs', 'stack-proxy');
    rmSync(logDir, { recursive: true, force: true });
    const port = await freeStackPort();
    // as a supervisor runs it: npm's own process, which is the one it signals
    npm = spawn(
      'npm',
      ['run', '-s', 'stack', '--', '--processes', '1', '--port', String(port), '--log-dir', logDir],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATABASE_URL: database.url!,
          ADMIN_EMAIL,
          ADMIN_PASSWORD: E2E_PASSWORD,
          NFL_DATA_DIR: path.join(ROOT, '../shared/nfl-data'),
          SLEEPER_API_URL: 'http://127.0.0.1:9',
          ESPN_API_URL: 'http://127.0.0.1:9',
          NFL_SCOREBOARD_URL: 'http://127.0.0.1:9/scoreboard',
          DATA_SYNC_MINUTES: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    readline.createInterface({ input: npm.stderr! }).on('line', (line) => stderr.push(line));
    const lines = readline.createInterface({ input: npm.stdout! })[Symbol.asyncIterator]();
    const exited = new Promise<never>((_, reject) =>
      npm.once('exit', (code) =>
        reject(new Error(`npm run stack exited with ${code}:\n${stderr.join('\n')}`)),
      ),
    );
    const timedOut = new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`npm run stack did not answer in time:\n${stderr.join('\n')}`)),
        BOOT_TIMEOUT_MS - 10_000,
      ).unref(),
    );
    const first = await Promise.race([lines.next(), exited, timedOut]);
    stack = JSON.parse(String(first.value)) as Stack;
  }, BOOT_TIMEOUT_MS);

  afterAll(async () => {
    // only if the last test failed: nothing of the stack may outlive the suite
    for (const pid of [npm?.pid, ...(stack?.api_pids ?? []), stack?.proxy_pid]) {
      if (pid && isRunning(pid)) process.kill(pid, 'SIGKILL');
    }
    await database?.destroy();
  });

  it('refuses a Host name other than its own and shows no nginx version', async () => {
    const own = await request(`${stack.url}/api/health`);
    expect(own.status).toBe(200);
    expect(own.headers.server).toBe('nginx');
    const missing = await request(`${stack.url}/assets/no-such-file.js`);
    expect(missing.headers.server).toBe('nginx');
    expect(missing.body).not.toMatch(/nginx\/\d/);
    // the connection is closed with no answer (444)
    await expect(
      request(`${stack.url}/api/health`, { headers: { host: 'elsewhere.example' } }),
    ).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it('refuses a burst of sign-ins from one address with a 429 in the app’s error shape, and not another address', async () => {
    const from = '127.0.0.4';
    const csrf = JSON.parse((await request(`${stack.url}/api/auth/csrf-token`, { from })).body) as {
      csrfToken: string;
    };
    // the REST way in and the tRPC one the web app uses, alternately: nginx counts them together
    const signIn = (address: string, way = '/api/auth/login') =>
      request(`${stack.url}${way}`, {
        from: address,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': csrf.csrfToken,
          cookie: `csrf-token=${csrf.csrfToken}`,
        },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: E2E_PASSWORD }),
      });
    const ways = Array.from({ length: SIGN_IN_BURST }, (_, i) =>
      i % 2 ? '/trpc/auth.login' : '/api/auth/login',
    );
    const answers = await Promise.all(ways.map((way) => signIn(from, way)));
    const refusedBy = (way: string) =>
      answers.filter(
        (answer, i) => ways[i] === way && answer.status === 429 && answer.body === NGINX_REFUSAL,
      );
    // nginx lets its burst of 20 (and the rate's share) through, and refuses the rest before any password is hashed
    const refused = [...refusedBy('/api/auth/login'), ...refusedBy('/trpc/auth.login')];
    expect(refused.length).toBeGreaterThanOrEqual(SIGN_IN_BURST - 24);
    expect(refusedBy('/trpc/auth.login').length).toBeGreaterThan(0);
    expect(JSON.parse(refused[0]!.body)).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests from your address. Wait a few seconds and try again.',
    });
    expect(refused[0]!.headers['content-type']).toBe('application/json');
    // those let through were signed in
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(5);
    // another client signs in at once
    expect((await signIn('127.0.0.5')).status).toBe(200);
  }, 60_000);

  it('the production site: HSTS on every HTTPS answer, assets included; unknown Host names refused', async () => {
    const site: ProductionSite = await startProductionSite(
      stack.api_pids.map((_, i) => Number(new URL(stack.url).port) + 1 + i),
    );
    try {
      const asset = readdirSync(path.join(ROOT, 'apps/web/dist/assets')).find((name) =>
        name.endsWith('.js'),
      )!;
      for (const pathname of [`/assets/${asset}`, '/', '/api/health']) {
        const answer = await requestTls(site.https, pathname, SITE_HOST);
        expect(answer.status, pathname).toBe(200);
        // exactly one (the API processes' own is hidden)
        expect(answer.headers['strict-transport-security'], pathname).toBe('max-age=31536000');
        expect(answer.headers.server, pathname).toBe('nginx');
      }
      // a client on the bare address (no SNI), or naming another host, gets no certificate
      expect(await isHandshakeRefused(site.https)).toBe(true);
      await expect(requestTls(site.https, '/', 'elsewhere.example')).rejects.toThrow(/EPROTO/);
      // the site's own name in SNI but another in Host: no answer, or 421 Misdirected Request
      const mismatched = await requestTls(site.https, '/', 'elsewhere.example', SITE_HOST).then(
        (answer) => String(answer.status),
        (error: Error) => error.message,
      );
      expect(mismatched).toMatch(/^421$|socket hang up|ECONNRESET/);
      const plain = await request(`http://127.0.0.1:${site.plain}/leagues`, { headers: { host: SITE_HOST } });
      expect(plain.status).toBe(301);
      expect(plain.headers.location).toBe(`https://${SITE_HOST}/leagues`);
      await expect(
        request(`http://127.0.0.1:${site.plain}/leagues`, { headers: { host: 'elsewhere.example' } }),
      ).rejects.toThrow(/socket hang up|ECONNRESET/);
    } finally {
      await site.stop();
    }
  });

  it('stops every process it started when npm is sent SIGTERM, as a supervisor does', async () => {
    const pids = [...stack.api_pids, stack.proxy_pid, ...childrenOf(stack.proxy_pid)];
    expect(pids.every(isRunning)).toBe(true);
    const exited = new Promise((resolve) => npm.once('exit', resolve));
    npm.kill('SIGTERM');
    await exited;
    const left = await until('every process of the stack to stop', 20_000, () => {
      const running = pids.filter(isRunning);
      return running.length === 0 ? running : undefined;
    }).catch(() => pids.filter(isRunning));
    expect(left).toEqual([]);
  }, 40_000);
});
