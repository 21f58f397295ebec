import { useEffect, useState } from 'react';

const TICK_MS = 250;

/** Seconds since `isRunning` last turned true, ticking while it stays true; 0 when not running. */
export function useElapsedSeconds(isRunning: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!isRunning) {
      setElapsed(0);
      return;
    }
    const started = Date.now();
    const timer = setInterval(() => setElapsed((Date.now() - started) / 1000), TICK_MS);
    return () => clearInterval(timer);
  }, [isRunning]);
  return elapsed;
}
