import { useCallback, useEffect, useRef } from 'react';
import { checkSession, fetchCurrentUser, type SessionUser } from './auth-api';
import { useIdleTimeout } from './idle-timeout';
import { SessionMonitor } from './session-monitor';

interface SessionTimerOptions {
  isSignedIn: boolean;
  setUser(user: SessionUser): void;
  logout(reason: string): Promise<void>;
}

/**
 * While someone is signed in: the 10-minute session check and the 25-minute idle timeout.
 * Both stop at logout.
 */
export function useSessionTimers({ isSignedIn, setUser, logout }: SessionTimerOptions) {
  const latest = useRef({ setUser, logout });
  latest.current = { setUser, logout };

  const onIdleTimeout = useCallback(() => void latest.current.logout('SESSION_TIMEOUT'), []);
  const idle = useIdleTimeout({ enabled: isSignedIn, onTimeout: onIdleTimeout });

  useEffect(() => {
    if (!isSignedIn) return;
    const monitor = new SessionMonitor<SessionUser>({
      check: checkSession,
      onUser: (user) => latest.current.setUser(user),
      onLogout: (reason) => void latest.current.logout(reason),
    });
    monitor.start();
    return () => monitor.stop();
  }, [isSignedIn]);

  const { stayActive, stop: stopIdleTimeout } = idle;
  /** "Stay Logged In": refreshes the user and restarts the idle timeout; a failed refresh logs out. */
  const stayLoggedIn = useCallback(async () => {
    try {
      latest.current.setUser(await fetchCurrentUser());
      stayActive();
    } catch {
      stopIdleTimeout();
      await latest.current.logout('SESSION_TIMEOUT');
    }
  }, [stayActive, stopIdleTimeout]);

  return { idleCountdownEndsAt: idle.countdownEndsAt, stayLoggedIn };
}
