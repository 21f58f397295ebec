import { UpstreamRequestError } from '../http.js';

/** ESPN tolerates about this many calls a minute from one client before it starts refusing them. */
export const ESPN_CALLS_PER_MINUTE = 900;
const WINDOW_MS = 60_000;

/**
 * A sliding one-minute window of calls to one upstream, per process. Beyond the budget a call is
 * refused at once as if the upstream had answered 429, so callers fall back to what they hold
 * instead of getting the app blocked.
 */
export class CallBudget {
  private readonly calls: number[] = [];

  constructor(
    private readonly perMinute: number = ESPN_CALLS_PER_MINUTE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one call, or throws (429-like) when the window is full. */
  take(failureMessage: string): void {
    const now = this.now();
    while (this.calls.length > 0 && this.calls[0]! <= now - WINDOW_MS) this.calls.shift();
    if (this.calls.length >= this.perMinute) {
      throw new UpstreamRequestError(
        failureMessage,
        'http-status',
        `call budget of ${this.perMinute} a minute used up`,
        429,
      );
    }
    this.calls.push(now);
  }
}
