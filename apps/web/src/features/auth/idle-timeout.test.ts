import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_COUNTDOWN_MS, IDLE_WARNING_AFTER_MS, useIdleTimeout } from './idle-timeout';

function idleTimeout(enabled = true) {
  const onTimeout = vi.fn();
  const hook = renderHook((props: { enabled: boolean }) => useIdleTimeout({ ...props, onTimeout }), {
    initialProps: { enabled },
  });
  const secondsLeft = () => {
    const endsAt = hook.result.current.countdownEndsAt;
    return endsAt === null ? null : (endsAt - Date.now()) / 1000;
  };
  return { hook, onTimeout, secondsLeft };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const keyPress = () => act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' })));

describe('idle timeout: 25 idle minutes, then a 5-minute countdown to logout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('warns after 25 minutes without activity, then times out after the 5-minute countdown', () => {
    const { onTimeout, secondsLeft } = idleTimeout();
    advance(IDLE_WARNING_AFTER_MS - 1);
    expect(secondsLeft()).toBeNull();
    advance(1);
    expect(secondsLeft()).toBe(300);
    advance(60_000);
    expect(secondsLeft()).toBe(240);
    advance(IDLE_COUNTDOWN_MS - 60_001);
    expect(onTimeout).not.toHaveBeenCalled();
    advance(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(secondsLeft()).toBeNull();
  });

  it('counts 25 minutes from the last activity', () => {
    const { secondsLeft } = idleTimeout();
    advance(20 * 60_000);
    keyPress();
    advance(IDLE_WARNING_AFTER_MS - 1);
    expect(secondsLeft()).toBeNull();
    advance(1);
    expect(secondsLeft()).toBe(300);
  });

  it('ignores activity while the warning is shown; only stayActive dismisses it', () => {
    const { hook, onTimeout, secondsLeft } = idleTimeout();
    advance(IDLE_WARNING_AFTER_MS);
    keyPress();
    advance(IDLE_COUNTDOWN_MS / 2);
    expect(secondsLeft()).toBe(150);
    act(() => hook.result.current.stayActive());
    expect(secondsLeft()).toBeNull();
    advance(IDLE_WARNING_AFTER_MS - 1);
    expect(secondsLeft()).toBeNull();
    advance(1);
    expect(secondsLeft()).toBe(300);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('does nothing while disabled, hides the warning when disabled and starts over when enabled', () => {
    const { hook, onTimeout, secondsLeft } = idleTimeout();
    advance(IDLE_WARNING_AFTER_MS);
    expect(secondsLeft()).toBe(300);
    hook.rerender({ enabled: false });
    expect(secondsLeft()).toBeNull();
    advance(IDLE_WARNING_AFTER_MS + IDLE_COUNTDOWN_MS);
    expect(onTimeout).not.toHaveBeenCalled();
    expect(secondsLeft()).toBeNull();
    hook.rerender({ enabled: true });
    advance(IDLE_WARNING_AFTER_MS - 1);
    expect(secondsLeft()).toBeNull();
    advance(1);
    expect(secondsLeft()).toBe(300);
  });

  it('stop hides the warning and cancels the countdown; enabling again starts over', () => {
    const { hook, onTimeout, secondsLeft } = idleTimeout();
    advance(IDLE_WARNING_AFTER_MS);
    act(() => hook.result.current.stop());
    expect(secondsLeft()).toBeNull();
    advance(IDLE_WARNING_AFTER_MS + IDLE_COUNTDOWN_MS);
    expect(onTimeout).not.toHaveBeenCalled();
    hook.rerender({ enabled: false });
    hook.rerender({ enabled: true });
    advance(IDLE_WARNING_AFTER_MS);
    expect(secondsLeft()).toBe(300);
  });
});
