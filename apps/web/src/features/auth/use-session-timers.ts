import { useCallback, useEffect, useRef, useState } from 'react';
import { checkSession, fetchCurrentUser, type SessionUser } from './auth-api';
import { ACTIVITY_EVENTS, IdleTimeout } from './idle-timeout';
import { SessionMonitor } from './session-monitor';

interface SessionTimerOptions {
  isSignedIn: boolean;
  setUser(user: SessionUser): void;
  logout(reason: string): Promise<void>;
}

/**
 * While someone is signed in: the 10-minute session monitor and the 25-minute idle timeout
 * (spec §4). Both stop at logout.
 */
export function useSessionTimers({ isSignedIn, setUser, logout }: SessionTimerOptions) {
  const [idleCountdownEndsAt, setIdleCountdownEndsAt] = useState<number | null>(null);
  const idleRef = useRef<IdleTimeout | null>(null);
  const latest = useRef({ setUser, logout });
  latest.current = { setUser, logout };

  useEffect(() => {
    if (!isSignedIn) return;
    const monitor = new SessionMonitor<SessionUser>({
      check: checkSession,
      onUser: (user) => latest.current.setUser(user),
      onLogout: (reason) => void latest.current.logout(reason),
    });
    const idle = new IdleTimeout({
      onWarning: (endsAt) => setIdleCountdownEndsAt(endsAt),
      onTimeout: () => {
        setIdleCountdownEndsAt(null);
        void latest.current.logout('SESSION_TIMEOUT');
      },
    });
    idleRef.current = idle;
    const onActivity = () => idle.recordActivity();
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, onActivity, { capture: true, passive: true });
    monitor.start();
    idle.start();
    return () => {
      monitor.stop();
      idle.stop();
      idleRef.current = null;
      setIdleCountdownEndsAt(null);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [isSignedIn]);

  /** "Stay Logged In": refreshes the user and restarts the timers; a failed refresh logs out. */
  const stayLoggedIn = useCallback(async () => {
    try {
      latest.current.setUser(await fetchCurrentUser());
      setIdleCountdownEndsAt(null);
      idleRef.current?.reset();
    } catch {
      setIdleCountdownEndsAt(null);
      await latest.current.logout('SESSION_TIMEOUT');
    }
  }, []);

  return { idleCountdownEndsAt, stayLoggedIn };
}
