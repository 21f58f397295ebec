import type { ErrorCode } from '@fm/contract';
import { browserClock, type Clock } from './clock';

/** How the signed-in session is watched: check interval, network retries and back-off. */
export const SESSION_CHECK_INTERVAL_MS = 10 * 60 * 1000;
export const MAX_NETWORK_RETRIES = 3;
export const NETWORK_RETRY_BASE_DELAY_MS = 30 * 1000;
export const NETWORK_RETRY_MAX_DELAY_MS = 5 * 60 * 1000;
export const MAX_TIME_WITHOUT_GOOD_CHECK_MS = 30 * 60 * 1000;

export type SessionCheckResult<User> =
  | { kind: 'ok'; user: User }
  /** 401 or 403, with the server's code when it sent one. */
  | { kind: 'denied'; status: number; code?: ErrorCode | undefined }
  | { kind: 'rate-limited' }
  | { kind: 'network-error'; error: unknown }
  | { kind: 'server-error'; status: number; error: unknown };

/** Why the monitor ended the session; SESSION_EXPIRED and TOKEN_REVOKED raise the expired notice. */
export type MonitorLogoutReason =
  'ACCOUNT_DISABLED' | 'SESSION_EXPIRED' | 'TOKEN_REVOKED' | 'SESSION_CHECK_FAILED';

export interface SessionMonitorOptions<User extends { isDisabled: boolean }> {
  check(): Promise<SessionCheckResult<User>>;
  onUser(user: User): void;
  onLogout(reason: MonitorLogoutReason): void;
  clock?: Clock;
  log?: (message: string, detail?: unknown) => void;
}

/** Delay before network retry number `retry` (1-based): 30 s, doubling, at most 5 min. */
export function networkRetryDelay(retry: number): number {
  return Math.min(NETWORK_RETRY_BASE_DELAY_MS * 2 ** (retry - 1), NETWORK_RETRY_MAX_DELAY_MS);
}

/**
 * Checks the session every 10 minutes while someone is signed in. A disabled account or a
 * 401/403 ends it; a 429 or a server error is only logged; network failures are retried
 * with back-off, and only end the session when no check has succeeded for 30 minutes.
 */
export class SessionMonitor<User extends { isDisabled: boolean }> {
  private timer: unknown = undefined;
  private networkRetries = 0;
  private lastSuccessAt = 0;
  private isRunning = false;
  private readonly clock: Clock;
  private readonly log: (message: string, detail?: unknown) => void;

  constructor(private readonly options: SessionMonitorOptions<User>) {
    this.clock = options.clock ?? browserClock;
    this.log = options.log ?? ((message, detail) => console.warn(message, detail));
  }

  start(): void {
    this.stop();
    this.isRunning = true;
    this.lastSuccessAt = this.clock.now();
    this.networkRetries = 0;
    this.schedule(SESSION_CHECK_INTERVAL_MS);
  }

  stop(): void {
    this.isRunning = false;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  get running(): boolean {
    return this.isRunning;
  }

  /** Healthy while the last good check is under two check intervals old. */
  isHealthy(): boolean {
    return this.clock.now() - this.lastSuccessAt < 2 * SESSION_CHECK_INTERVAL_MS;
  }

  get retryCount(): number {
    return this.networkRetries;
  }

  private schedule(delayMs: number): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      void this.checkNow();
    }, delayMs);
  }

  /** Runs one check now (the timer calls it; tests may too). */
  async checkNow(): Promise<void> {
    if (!this.isRunning) return;
    let result: SessionCheckResult<User>;
    try {
      result = await this.options.check();
    } catch (error) {
      result = { kind: 'network-error', error };
    }
    if (!this.isRunning) return;
    this.handle(result);
  }

  private handle(result: SessionCheckResult<User>): void {
    switch (result.kind) {
      case 'ok':
        if (result.user.isDisabled) return this.end('ACCOUNT_DISABLED');
        this.lastSuccessAt = this.clock.now();
        this.networkRetries = 0;
        this.options.onUser(result.user);
        return this.schedule(SESSION_CHECK_INTERVAL_MS);
      case 'denied':
        return this.end(result.code === 'TOKEN_REVOKED' ? 'TOKEN_REVOKED' : 'SESSION_EXPIRED');
      case 'rate-limited':
        this.log('Session check was rate limited; will check again later');
        this.networkRetries = 0;
        return this.schedule(SESSION_CHECK_INTERVAL_MS);
      case 'server-error':
        this.log(`Session check failed with status ${result.status}`, result.error);
        return this.schedule(SESSION_CHECK_INTERVAL_MS);
      case 'network-error':
        return this.handleNetworkError(result.error);
    }
  }

  private handleNetworkError(error: unknown): void {
    if (this.networkRetries < MAX_NETWORK_RETRIES) {
      this.networkRetries += 1;
      this.log(`Session check could not reach the server (retry ${this.networkRetries})`, error);
      return this.schedule(networkRetryDelay(this.networkRetries));
    }
    if (this.clock.now() - this.lastSuccessAt > MAX_TIME_WITHOUT_GOOD_CHECK_MS) {
      return this.end('SESSION_CHECK_FAILED');
    }
    this.networkRetries = 0;
    this.schedule(SESSION_CHECK_INTERVAL_MS);
  }

  private end(reason: MonitorLogoutReason): void {
    this.stop();
    this.options.onLogout(reason);
  }
}
