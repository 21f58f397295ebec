import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_COUNTDOWN_MS, IDLE_WARNING_AFTER_MS, IdleTimeout } from './idle-timeout';

function idleTimeout() {
  const events: string[] = [];
  const timer = new IdleTimeout({
    onWarning: (endsAt) => events.push(`warning until +${(endsAt - Date.now()) / 1000}s`),
    onTimeout: () => events.push('timeout'),
  });
  return { timer, events };
}

describe('idle timeout (spec §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('warns after 25 minutes without activity, then times out after the 5-minute countdown', () => {
    const { timer, events } = idleTimeout();
    timer.start();
    vi.advanceTimersByTime(IDLE_WARNING_AFTER_MS - 1);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['warning until +300s']);
    expect(timer.isWarningShown).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(timer.remainingMs()).toBe(IDLE_COUNTDOWN_MS - 60_000);
    vi.advanceTimersByTime(IDLE_COUNTDOWN_MS - 60_000);
    expect(events).toEqual(['warning until +300s', 'timeout']);
    expect(timer.isWarningShown).toBe(false);
  });

  it('counts 25 minutes from the last activity', () => {
    const { timer, events } = idleTimeout();
    timer.start();
    vi.advanceTimersByTime(20 * 60_000);
    timer.recordActivity();
    vi.advanceTimersByTime(IDLE_WARNING_AFTER_MS - 1);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toHaveLength(1);
  });

  it('ignores activity while the warning is shown; only reset dismisses it', () => {
    const { timer, events } = idleTimeout();
    timer.start();
    vi.advanceTimersByTime(IDLE_WARNING_AFTER_MS);
    timer.recordActivity();
    expect(timer.isWarningShown).toBe(true);
    vi.advanceTimersByTime(IDLE_COUNTDOWN_MS / 2);
    timer.reset();
    expect(timer.isWarningShown).toBe(false);
    vi.advanceTimersByTime(IDLE_COUNTDOWN_MS);
    expect(events).toEqual(['warning until +300s']);
    vi.advanceTimersByTime(IDLE_WARNING_AFTER_MS - IDLE_COUNTDOWN_MS);
    expect(events).toEqual(['warning until +300s', 'warning until +300s']);
  });

  it('does nothing once stopped', () => {
    const { timer, events } = idleTimeout();
    timer.start();
    timer.stop();
    vi.advanceTimersByTime(IDLE_WARNING_AFTER_MS + IDLE_COUNTDOWN_MS);
    expect(events).toEqual([]);
  });
});
