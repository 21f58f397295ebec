import { useCallback, useEffect, useState } from 'react';
import { useIdleTimer, type EventsType, type ITimers } from 'react-idle-timer';

/** The idle warning appears after 25 minutes without activity... */
export const IDLE_WARNING_AFTER_MS = 1_500_000;
/** ...and logs out when its 5-minute countdown reaches zero. */
export const IDLE_COUNTDOWN_MS = 300_000;
/** Browser events that count as activity. */
export const ACTIVITY_EVENTS: EventsType[] = [
  'mousemove',
  'mousedown',
  'keydown',
  'scroll',
  'touchstart',
  'click',
  'focus',
];

// Looked up on every call rather than when react-idle-timer loads, so a fake clock installed
// later (tests) drives the idle timer too.
const lateBoundTimers: ITimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms) as unknown as number,
  clearTimeout: (id) => globalThis.clearTimeout(id),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms) as unknown as number,
  clearInterval: (id) => globalThis.clearInterval(id),
};

interface IdleTimeoutOptions {
  /** Watches only while enabled (someone is signed in). */
  enabled: boolean;
  onTimeout(): void;
}

/**
 * The inactivity timeout of this tab: a warning with a countdown after 25 idle minutes, then
 * `onTimeout`. Activity while the warning is shown does not dismiss it; only `stayActive` does.
 */
export function useIdleTimeout({ enabled, onTimeout }: IdleTimeoutOptions) {
  const [countdownEndsAt, setCountdownEndsAt] = useState<number | null>(null);
  const timer = useIdleTimer({
    timeout: IDLE_WARNING_AFTER_MS + IDLE_COUNTDOWN_MS,
    promptBeforeIdle: IDLE_COUNTDOWN_MS,
    events: ACTIVITY_EVENTS,
    timers: lateBoundTimers,
    disabled: !enabled,
    onPrompt: () => setCountdownEndsAt(Date.now() + IDLE_COUNTDOWN_MS),
    onIdle: () => {
      setCountdownEndsAt(null);
      onTimeout();
    },
  });
  const { reset, pause } = timer;

  useEffect(() => {
    if (!enabled) setCountdownEndsAt(null);
  }, [enabled]);

  /** Hides the warning and counts 25 minutes from now. */
  const stayActive = useCallback(() => {
    setCountdownEndsAt(null);
    reset();
  }, [reset]);

  /** Hides the warning and stops watching (the session is ending). */
  const stop = useCallback(() => {
    setCountdownEndsAt(null);
    pause();
  }, [pause]);

  return { countdownEndsAt, stayActive, stop };
}
