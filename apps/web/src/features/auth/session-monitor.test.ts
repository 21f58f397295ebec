import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorCode } from '@fm/contract';
import {
  MAX_TIME_WITHOUT_GOOD_CHECK_MS,
  networkRetryDelay,
  SESSION_CHECK_INTERVAL_MS,
  SessionMonitor,
  type SessionCheckResult,
} from './session-monitor';

interface User {
  email: string;
  isDisabled: boolean;
}
const MINUTE = 60_000;
const activeUser: User = { email: 'a@example.com', isDisabled: false };

/** A monitor whose checks answer from a script; records what it did. */
function monitorWith(
  answers: Array<SessionCheckResult<User>>,
  fallback: SessionCheckResult<User> = { kind: 'ok', user: activeUser },
) {
  const checks: number[] = [];
  const logouts: string[] = [];
  const users: User[] = [];
  const monitor = new SessionMonitor<User>({
    check: async () => {
      checks.push(Date.now());
      return answers.shift() ?? fallback;
    },
    onUser: (user) => users.push(user),
    onLogout: (reason) => logouts.push(reason),
    log: () => {},
  });
  return { monitor, checks, logouts, users };
}

describe('session monitor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-09-07T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('checks every 10 minutes and hands over the fresh user', async () => {
    const { monitor, checks, users } = monitorWith([]);
    const started = Date.now();
    monitor.start();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS - 1);
    expect(checks).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(2 * SESSION_CHECK_INTERVAL_MS);
    expect(checks.map((t) => (t - started) / MINUTE)).toEqual([10, 20, 30]);
    expect(users).toHaveLength(3);
    expect(monitor.isHealthy()).toBe(true);
    monitor.stop();
  });

  it('stops and logs out when the account is disabled', async () => {
    const { monitor, logouts, checks } = monitorWith([
      { kind: 'ok', user: { ...activeUser, isDisabled: true } },
    ]);
    monitor.start();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 3);
    expect(logouts).toEqual(['ACCOUNT_DISABLED']);
    expect(checks).toHaveLength(1);
    expect(monitor.running).toBe(false);
  });

  it.each<[number, ErrorCode | undefined, string]>([
    [401, 'TOKEN_REVOKED', 'TOKEN_REVOKED'],
    [401, 'SESSION_EXPIRED', 'SESSION_EXPIRED'],
    [401, undefined, 'SESSION_EXPIRED'],
    [403, 'FORBIDDEN', 'SESSION_EXPIRED'],
  ])('stops and logs out on %i %s', async (status, code, reason) => {
    const { monitor, logouts, checks } = monitorWith([{ kind: 'denied', status, code }]);
    monitor.start();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 3);
    expect(logouts).toEqual([reason]);
    expect(checks).toHaveLength(1);
  });

  it('only logs a 429 and resets the network retry counter', async () => {
    const { monitor, logouts, checks } = monitorWith([
      { kind: 'network-error', error: new Error('offline') },
      { kind: 'rate-limited' },
    ]);
    monitor.start();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(monitor.retryCount).toBe(1);
    await vi.advanceTimersByTimeAsync(networkRetryDelay(1));
    expect(checks).toHaveLength(2);
    expect(monitor.retryCount).toBe(0);
    expect(logouts).toEqual([]);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(checks).toHaveLength(3);
    monitor.stop();
  });

  it('only logs other server errors and keeps the normal rhythm', async () => {
    const { monitor, logouts, checks } = monitorWith([
      { kind: 'server-error', status: 500, error: new Error('boom') },
    ]);
    monitor.start();
    await vi.advanceTimersByTimeAsync(2 * SESSION_CHECK_INTERVAL_MS);
    expect(checks).toHaveLength(2);
    expect(logouts).toEqual([]);
    monitor.stop();
  });

  it('retries network failures after 30 s, 60 s and 120 s (doubling, capped at 5 min)', async () => {
    expect([1, 2, 3, 4, 5, 6].map(networkRetryDelay)).toEqual([
      30_000, 60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
    const offline = { kind: 'network-error', error: new TypeError('Failed to fetch') } as const;
    const { monitor, checks } = monitorWith([offline, offline, offline]);
    const started = Date.now();
    monitor.start();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS + 30_000 + 60_000 + 120_000);
    expect(checks.map((t) => (t - started) / 1000)).toEqual([600, 630, 690, 810]);
    monitor.stop();
  });

  it('after 3 failed retries, resets when the last good check was under 30 minutes ago', async () => {
    const offline = { kind: 'network-error', error: new Error('offline') } as const;
    const { monitor, logouts, checks } = monitorWith([offline, offline, offline, offline]);
    monitor.start();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS + 30_000 + 60_000 + 120_000);
    expect(checks).toHaveLength(4);
    expect(logouts).toEqual([]);
    expect(monitor.retryCount).toBe(0);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(checks).toHaveLength(5);
    monitor.stop();
  });

  it('after 3 failed retries, logs out when no check has succeeded for over 30 minutes', async () => {
    const offline = { kind: 'network-error', error: new Error('offline') } as const;
    const { monitor, logouts } = monitorWith([], offline);
    monitor.start();
    // Each cycle: a regular check and 3 retries, all failing, ~13.5 minutes.
    await vi.advanceTimersByTimeAsync(MAX_TIME_WITHOUT_GOOD_CHECK_MS + 2 * SESSION_CHECK_INTERVAL_MS);
    expect(logouts).toEqual(['SESSION_CHECK_FAILED']);
    expect(monitor.running).toBe(false);
    expect(monitor.isHealthy()).toBe(false);
  });

  it('is unhealthy once the last success is two intervals old', async () => {
    const { monitor } = monitorWith([], { kind: 'server-error', status: 503, error: null });
    monitor.start();
    await vi.advanceTimersByTimeAsync(2 * SESSION_CHECK_INTERVAL_MS - 1);
    expect(monitor.isHealthy()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(monitor.isHealthy()).toBe(false);
    monitor.stop();
  });

  it('ignores an answer that arrives after it was stopped', async () => {
    let answer: (result: SessionCheckResult<User>) => void = () => {};
    const logouts: string[] = [];
    const monitor = new SessionMonitor<User>({
      check: () => new Promise((resolve) => (answer = resolve)),
      onUser: () => {},
      onLogout: (reason) => logouts.push(reason),
    });
    monitor.start();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    monitor.stop();
    answer({ kind: 'denied', status: 401 });
    await vi.advanceTimersByTimeAsync(0);
    expect(logouts).toEqual([]);
  });
});
