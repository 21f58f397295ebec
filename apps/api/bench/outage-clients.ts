/** The API process and the clients of bench/database-outage.bench.ts, and how their answers are tallied. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPPONENT_STARTERS, USER_STARTERS } from '../test/matchup-fixtures.js';

/** A client gives up on an answer after this (the outage used to hold requests 10–30 s). */
const CLIENT_TIMEOUT_MS = 30_000;
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Kind = 'simulate' | 'me' | 'cached page';
export interface Sample {
  kind: Kind;
  startedAt: number;
  ms: number;
  status: number | 'timeout' | 'refused';
  code?: string | undefined;
  hasRetryAfter: boolean;
}

export function spawnApi(env: Record<string, string>): ChildProcess {
  const bundle = path.join(API_DIR, 'dist/main.js');
  const args = existsSync(bundle) ? [bundle] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: API_DIR,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

export async function waitForHealth(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the API did not become healthy');
}

export async function signIn(
  url: string,
  account: { email: string; password: string },
): Promise<Record<string, string>> {
  const csrf = await fetch(`${url}/api/auth/csrf-token`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': csrfToken,
      cookie: `csrf-token=${csrfToken}`,
    },
    body: JSON.stringify(account),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const session = login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';', 1)[0])
    .join('; ');
  return {
    'content-type': 'application/json',
    'x-csrf-token': csrfToken,
    cookie: `csrf-token=${csrfToken}; ${session}`,
  };
}

const MATCHUP = JSON.stringify({
  user_team: { starters: USER_STARTERS.map((p) => p.sleeperId) },
  opponent_team: { starters: OPPONENT_STARTERS.map((p) => p.sleeperId) },
  iterations: 2_000,
});

/** One request, timed; `onId` gets the simulation id of an acknowledged run. */
export async function send(
  url: string,
  kind: Kind,
  headers: Record<string, string>,
  t0: number,
  onId: (id: string) => void,
): Promise<Sample> {
  const startedAt = performance.now() - t0;
  const started = performance.now();
  const [pathName, init]: [string, RequestInit] =
    kind === 'simulate'
      ? ['/api/matchup/simulate', { method: 'POST', headers, body: MATCHUP }]
      : kind === 'me'
        ? ['/api/auth/me', { headers }]
        : ['/api/projections/public/all?limit=20', {}];
  try {
    const response = await fetch(`${url}${pathName}`, {
      ...init,
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as { code?: string; simulation_id?: string };
    if (response.ok && body.simulation_id) onId(body.simulation_id);
    return {
      kind,
      startedAt,
      ms: performance.now() - started,
      status: response.status,
      code: response.ok ? undefined : body.code,
      hasRetryAfter: response.headers.has('retry-after'),
    };
  } catch (error) {
    const isTimeout = (error as Error).name === 'TimeoutError';
    return {
      kind,
      startedAt,
      ms: performance.now() - started,
      status: isTimeout ? 'timeout' : 'refused',
      hasRetryAfter: false,
    };
  }
}

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
};

export function perSecondTable(samples: Sample[], events: Map<number, string>) {
  const bySecond = new Map<number, Sample[]>();
  for (const sample of samples) {
    const second = Math.floor(sample.startedAt / 1000);
    bySecond.set(second, [...(bySecond.get(second) ?? []), sample]);
  }
  const seconds = [...bySecond.keys()].sort((a, b) => a - b);
  return seconds.map((second) => {
    const rows = bySecond.get(second)!;
    const count = (test: (s: Sample) => boolean) => rows.filter(test).length;
    const needingDatabase = rows.filter((s) => s.kind !== 'cached page');
    return {
      second,
      event: events.get(second) ?? '',
      requests: rows.length,
      'answered 200': count((s) => s.status === 200),
      '503 DATABASE_UNAVAILABLE': count((s) => s.status === 503 && s.code === 'DATABASE_UNAVAILABLE'),
      'other answers': count(
        (s) => typeof s.status === 'number' && s.status !== 200 && s.code !== 'DATABASE_UNAVAILABLE',
      ),
      'timeouts/refused': count((s) => typeof s.status !== 'number'),
      'cached page 200': count((s) => s.kind === 'cached page' && s.status === 200),
      'p50 ms': Math.round(
        percentile(
          needingDatabase.map((s) => s.ms),
          0.5,
        ),
      ),
      'max ms': Math.round(Math.max(0, ...needingDatabase.map((s) => s.ms))),
    };
  });
}
