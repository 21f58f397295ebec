import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { copyPgliteTemplate, createTestDatabase, type TestDatabase } from '@fm/db';
import { startFakeSmtp, type FakeSmtp } from '@fm/api/testing';
import { waitForAnimationsToEnd } from './animations.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SHARED_DIR = path.resolve(ROOT, '../shared');
export const ARTIFACTS_DIR = path.join(ROOT, 'e2e/artifacts');
const SERVER_BUNDLE = path.join(ROOT, 'apps/api/dist/main.js');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// E2E_BOOT_TIMEOUT_MS: a longer wait on a machine under heavy load
const BOOT_TIMEOUT_MS = Number(process.env.E2E_BOOT_TIMEOUT_MS) || 60_000;

export interface E2eApp {
  baseUrl: string;
  /** The server's own PostgreSQL database, when DATABASE_URL is set (a second process may write to it). */
  databaseUrl?: string | undefined;
  mail: FakeSmtp;
  dataDir: string;
  stop(): Promise<void>;
}

export interface E2eAppOptions {
  /** A name for the server's log file in e2e/artifacts/logs. */
  name: string;
  /** Extra or overriding environment variables for the server (e.g. SLEEPER_API_URL). */
  env?: Record<string, string>;
  /** A second API process: on this app's database (which stays its), as processes behind one load balancer. */
  sharesDatabaseOf?: E2eApp;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The built server (`apps/api/dist/main.js`, as `npm start` runs it) on a free port with a
 * fresh database (a new PostgreSQL database when DATABASE_URL is set, else PGlite) and a fake SMTP.
 */
export async function startE2eApp(options: E2eAppOptions): Promise<E2eApp> {
  if (!existsSync(SERVER_BUNDLE)) throw new Error('Build first: npm run build');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-e2e-'));
  let pg: TestDatabase | undefined;
  if (process.env.DATABASE_URL && !options.sharesDatabaseOf) {
    pg = await createTestDatabase(process.env.DATABASE_URL);
    await pg.close();
  }
  const databaseUrl = options.sharesDatabaseOf ? options.sharesDatabaseOf.databaseUrl : pg?.url;
  if (!databaseUrl) copyPgliteTemplate(dataDir);
  // processes on one database share its account-mail queue: any of them may send a mail, so they share one SMTP
  const sharedMail = options.sharesDatabaseOf?.mail;
  const mail = sharedMail ?? (await startFakeSmtp());
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  mkdirSync(path.join(ARTIFACTS_DIR, 'logs'), { recursive: true });
  const log = createWriteStream(path.join(ARTIFACTS_DIR, 'logs', `${options.name}.log`));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    SMTP_URL: mail.url,
    LOG_LEVEL: 'info',
    // the live-data sync is exercised by its own test, against its own fake season service
    DATA_SYNC_MINUTES: '0',
    // no test reaches the real NFL scoreboard: a closed local port (clocks are estimated) unless a test serves one
    NFL_SCOREBOARD_URL: 'http://127.0.0.1:9/scoreboard',
    // nor ESPN (the sync asks it for projections) unless a test serves its fake
    ESPN_API_URL: 'http://127.0.0.1:9',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    databaseUrl,
    mail,
    dataDir,
    async stop() {
      await stopProcess(child);
      if (!sharedMail) await mail.close();
      if (pg) await pg.destroy().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + BOOT_TIMEOUT_MS;
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? 1));
  while (Date.now() < deadline) {
    if (exited !== null)
      throw new Error(`The server exited with code ${exited} while starting (see e2e/artifacts/logs)`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`The server did not become healthy within ${BOOT_TIMEOUT_MS} ms`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Debian's Chromium, headless, with the flags this sandboxed machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export interface BrowserPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far (tests assert there are none). */
  errors: string[];
}

/** A fresh browser context (its own cookies and storage) and page, pointed at the app. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<BrowserPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // Chromium logs every 4xx answer (e.g. /auth/me for a visitor) as a console error; those are not bugs.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return { context, page, errors };
}

/**
 * Saves a screenshot of the page at rest under e2e/artifacts/screenshots (kept as a CI artefact): the whole page,
 * or with `firstScreen` only what the user sees without scrolling.
 */
export async function screenshot(page: Page, name: string, { firstScreen = false } = {}): Promise<string> {
  const file = path.join(ARTIFACTS_DIR, 'screenshots', `${name}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  await waitForAnimationsToEnd(page);
  await page.screenshot({ path: file, fullPage: !firstScreen });
  return file;
}
