import { browserClock, type Clock } from './clock';

/** Spec §4/§9: the idle warning appears after 25 minutes without activity... */
export const IDLE_WARNING_AFTER_MS = 1_500_000;
/** ...and logs out when its 5-minute countdown reaches zero. */
export const IDLE_COUNTDOWN_MS = 300_000;
/** Browser events that count as activity. */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'scroll',
  'touchstart',
  'click',
  'focus',
] as const;

export interface IdleTimeoutOptions {
  onWarning(countdownEndsAt: number): void;
  onTimeout(): void;
  clock?: Clock;
}

/**
 * Inactivity timer. Activity only moves a timestamp (cheap on every mousemove); the timer
 * re-arms itself for the remaining time when it fires early. Activity while the warning is
 * shown is ignored: only "Stay Logged In" (`reset`) dismisses it.
 */
export class IdleTimeout {
  private timer: unknown = undefined;
  private lastActivityAt = 0;
  private countdownEndsAt: number | undefined;
  private readonly clock: Clock;

  constructor(private readonly options: IdleTimeoutOptions) {
    this.clock = options.clock ?? browserClock;
  }

  /** Starts (or restarts) watching, counting from now. */
  start(): void {
    this.stop();
    this.lastActivityAt = this.clock.now();
    this.schedule(IDLE_WARNING_AFTER_MS, () => this.checkIdle());
  }

  /** "Stay Logged In": hides the warning and starts over. */
  reset(): void {
    this.start();
  }

  stop(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.countdownEndsAt = undefined;
  }

  recordActivity(): void {
    if (this.countdownEndsAt !== undefined) return;
    this.lastActivityAt = this.clock.now();
  }

  get isWarningShown(): boolean {
    return this.countdownEndsAt !== undefined;
  }

  /** Milliseconds left on the countdown (0 when no warning is shown). */
  remainingMs(): number {
    return this.countdownEndsAt === undefined ? 0 : Math.max(0, this.countdownEndsAt - this.clock.now());
  }

  private schedule(delayMs: number, callback: () => void): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      callback();
    }, delayMs);
  }

  private checkIdle(): void {
    const idleMs = this.clock.now() - this.lastActivityAt;
    if (idleMs < IDLE_WARNING_AFTER_MS) {
      this.schedule(IDLE_WARNING_AFTER_MS - idleMs, () => this.checkIdle());
      return;
    }
    this.countdownEndsAt = this.clock.now() + IDLE_COUNTDOWN_MS;
    this.schedule(IDLE_COUNTDOWN_MS, () => {
      this.stop();
      this.options.onTimeout();
    });
    this.options.onWarning(this.countdownEndsAt);
  }
}
