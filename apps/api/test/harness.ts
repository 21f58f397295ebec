import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { copyPgliteTemplate, createTestDatabase, type TestDatabase } from '@fm/db';
import { loadConfig, type Config } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { startServer, type RunningServer } from '../src/server.js';
import { assertMatchesContract } from './contract-check.js';
import { startFakeSmtp, type FakeSmtp } from './fake-smtp.js';

/**
 * A PostgreSQL server to make throw-away test databases on (`DATABASE_URL`): integration tests
 * run on a real PostgreSQL when it is set, on the embedded one always.
 */
export const TEST_POSTGRES_URL = process.env.DATABASE_URL || undefined;
export type DatabaseKind = 'pglite' | 'postgres';
/**
 * Suites whose subject is the database's own behaviour (queries, transactions, locks, several processes on one
 * database, outages) run on every available database: `describe.each(DATABASE_KINDS)(...)`.
 */
export const DATABASE_KINDS: DatabaseKind[] = TEST_POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];
/**
 * Every other suite runs on the embedded database only: what it checks (a rule, a page's answer, an upstream's
 * handling) is the same on both, and running it twice doubled the suite's time.
 */
export const EMBEDDED_DATABASE: DatabaseKind[] = ['pglite'];

export interface TestServer extends RunningServer {
  config: Config;
  dataDir: string;
  /** A fresh client with its own cookie jar. */
  client(): TestClient;
  stop(): Promise<void>;
}

/**
 * The real server on a free port against a fresh database: PGlite in a temp folder, or a
 * new PostgreSQL database (dropped afterwards). `env` adds or overrides variables.
 */
export async function startTestServer(
  kind: DatabaseKind = 'pglite',
  env: Record<string, string | undefined> = {},
  options: {
    webDistDir?: string;
    /** Where the server's log lines go (at the config's LOG_LEVEL), for a test that reads them. */
    logTo?: Writable;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-api-'));
  let pg: TestDatabase | undefined;
  if (kind === 'postgres') {
    if (!TEST_POSTGRES_URL) throw new Error('Set DATABASE_URL to run PostgreSQL integration tests');
    pg = await createTestDatabase(TEST_POSTGRES_URL);
    await pg.close(); // the server opens its own pool
  }
  const removeDatabase = async () => {
    if (pg) await pg.destroy().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  };
  let config: Config;
  let server: RunningServer;
  try {
    config = loadConfig({
      DATABASE_URL: undefined,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // tests that exercise the live-data sync turn it on with their own fake upstream
      DATA_SYNC_MINUTES: '0',
      LIVE_SYNC_SECONDS: '0',
      // no test reaches the real scoreboard: a closed local port (clocks are estimated) unless a test serves one
      NFL_SCOREBOARD_URL: 'http://127.0.0.1:9/scoreboard',
      // nor ESPN (the sync asks it for projections): a closed port unless a test serves a fake
      ESPN_API_URL: 'http://127.0.0.1:9',
      // nor Sleeper (players are linked to its ids after imports): a closed port unless a test serves a fake
      SLEEPER_API_URL: 'http://127.0.0.1:9',
      ...(pg?.url ? { DATABASE_URL: pg.url } : {}),
      ...env,
    });
    // after the configuration is accepted: a test of a refused start copies no database
    if (kind === 'pglite') copyPgliteTemplate(dataDir);
    server = await startServer(config, {
      ...(options.logTo ? { logger: createLogger(config, options.logTo) } : {}),
      webDistDir: options.webDistDir ?? path.join(dataDir, 'no-web'),
      isSleeperIdLinkingStarted: false,
    });
  } catch (error) {
    await removeDatabase();
    throw error;
  }
  return {
    ...server,
    config,
    dataDir,
    client: () => new TestClient(server.url),
    async stop() {
      await server.close();
      await removeDatabase();
    },
  };
}

export interface MailingTestServer extends TestServer {
  /** The server's mail relay: every mail it sends arrives here. */
  smtp: FakeSmtp;
}

/** `startTestServer` with a fake SMTP server as its mail relay (`SMTP_URL`); `stop()` ends both. */
export async function startMailingTestServer(
  kind: DatabaseKind = 'pglite',
  env: Record<string, string | undefined> = {},
): Promise<MailingTestServer> {
  const smtp = await startFakeSmtp();
  try {
    const server = await startTestServer(kind, { SMTP_URL: smtp.url, ...env });
    return {
      ...server,
      smtp,
      async stop() {
        await server.stop();
        await smtp.close();
      },
    };
  } catch (error) {
    await smtp.close();
    throw error;
  }
}

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A browser-like client: keeps cookies, and sends the CSRF token on writes like the web app. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  get csrfToken(): string | undefined {
    return this.cookies.get('csrf-token');
  }

  async fetchCsrfToken(): Promise<string> {
    const response = await this.request('GET', '/api/auth/csrf-token');
    return response.body.csrfToken as string;
  }

  get<T = any>(url: string, init: RequestInit = {}) {
    return this.request<T>('GET', url, undefined, init);
  }
  post<T = any>(url: string, body?: unknown, init: RequestInit = {}) {
    return this.write<T>('POST', url, body, init);
  }
  patch<T = any>(url: string, body?: unknown, init: RequestInit = {}) {
    return this.write<T>('PATCH', url, body, init);
  }
  put<T = any>(url: string, body?: unknown, init: RequestInit = {}) {
    return this.write<T>('PUT', url, body, init);
  }
  delete<T = any>(url: string, body?: unknown, init: RequestInit = {}) {
    return this.write<T>('DELETE', url, body, init);
  }

  private async write<T>(method: string, url: string, body: unknown, init: RequestInit) {
    if (!this.csrfToken) await this.fetchCsrfToken();
    const headers = new Headers(init.headers);
    if (!headers.has('x-csrf-token') && this.csrfToken) headers.set('x-csrf-token', this.csrfToken);
    return this.request<T>(method, url, body, { ...init, headers });
  }

  async request<T = any>(
    method: string,
    url: string,
    body?: unknown,
    init: RequestInit = {},
  ): Promise<TestResponse<T>> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has('cookie')) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    let payload = init.body;
    if (body !== undefined && payload === undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const target = new URL(url, this.baseUrl);
    const response = await fetch(target, {
      ...init,
      method,
      headers,
      body: payload,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      const isExpired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (isExpired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    assertMatchesContract(method, target, response.status, parsed);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }
}
