import { SESSION_ENDING_CODES } from '@fm/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { fetchCsrfToken, SESSION_EXPIRED_EVENT, type SessionExpiredDetail } from '../../lib/api-client';
import {
  errorMessage,
  fetchCurrentUser,
  fetchSessionUser,
  isAuthRejection,
  requestLogin,
  requestLogout,
  requestRegistration,
  type SessionUser,
} from './auth-api';
import { isRememberMeSet, setRememberMe } from './remember-me';
import { runSessionResets } from './session-reset';
import { SessionNotices } from './SessionNotices';
import { useSessionTimers } from './use-session-timers';

export type { SessionUser } from './auth-api';
export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

/** What a failure says when the server sent no message. */
export const LOGIN_FAILED_MESSAGE = 'Failed to log in. Please check your credentials.';
export const REGISTER_FAILED_MESSAGE = 'Failed to register.';
/** Shown after registering. */
export const REGISTRATION_SUCCESS_MESSAGE =
  'Registration successful! Please check your email to verify your account. Emails may take a few minutes to arrive, so please also check your spam folder.';
/** Only these logout reasons raise the session-expired flag. */
const EXPIRED_REASONS = new Set<string>([...SESSION_ENDING_CODES, 'ACCOUNT_DISABLED']);
export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Please contact support.';

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  isLoggingIn: boolean;
  /** The last login or registration failure, as shown to the user. */
  error: string | null;
  /** Set when the last logout was because the session expired or was revoked. */
  hasSessionExpired: boolean;
  /** What the user is told about the last forced logout (why it happened), or null. */
  signOutNotice: string | null;
  /** Whether the current session was opened with "Remember me". */
  isRemembered: boolean;
  /** Where the login page sends the user who just logged in; null otherwise. */
  landingPathAfterLogin: string | null;
  clearLandingPath(): void;
  setUser(user: SessionUser | null): void;
  /** Re-reads the user; a 401/403 logs out with reason SESSION_EXPIRED and resolves null. */
  refreshUser(): Promise<SessionUser | null>;
  login(email: string, password: string, rememberMe: boolean): Promise<SessionUser>;
  /** Resolves with the success message to show. */
  register(email: string, password: string): Promise<string>;
  /**
   * Ends the session on the server (failure ignored) and clears every piece of session state.
   * `notice` says why, when the server gave a reason (shown instead of the generic expiry text).
   */
  logout(reason?: string, notice?: string): Promise<void>;
  clearError(): void;
}

/** A login or registration failure whose message is ready to show. */
export class AuthFailure extends Error {
  override name = 'AuthFailure';
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUserState] = useState<SessionUser | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [isLoggingIn, setIsLoggingIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sessionExpiredAt, setSessionExpiredAt] = useState<number | null>(null);
  const [signOutNotice, setSignOutNotice] = useState<string | null>(null);
  const [isRemembered, setIsRemembered] = useState(isRememberMeSet);
  const [landingPathAfterLogin, setLandingPath] = useState<string | null>(null);
  const statusRef = useRef(status);
  statusRef.current = status;
  const isLoggingOut = useRef(false);

  const clearLandingPath = useCallback(() => setLandingPath(null), []);
  const clearError = useCallback(() => setError(null), []);

  const setUser = useCallback((next: SessionUser | null) => {
    setUserState(next);
    setStatus(next ? 'signedIn' : 'signedOut');
  }, []);

  /** Everything a new or ended session must not inherit. */
  const resetSessionState = useCallback(() => {
    queryClient.clear();
    runSessionResets();
  }, [queryClient]);

  const logout = useCallback(
    async (reason?: string, notice?: string) => {
      if (isLoggingOut.current) return;
      isLoggingOut.current = true;
      try {
        await requestLogout();
      } catch {
        // the server logout is attempted first; its failure is ignored
      }
      setUser(null);
      setError(null);
      setLandingPath(null);
      setRememberMe(false);
      setIsRemembered(false);
      const isForced = reason !== undefined && EXPIRED_REASONS.has(reason);
      setSessionExpiredAt(isForced ? Date.now() : null);
      setSignOutNotice(
        isForced ? (notice ?? (reason === 'ACCOUNT_DISABLED' ? ACCOUNT_DISABLED_MESSAGE : null)) : null,
      );
      resetSessionState();
      isLoggingOut.current = false;
    },
    [resetSessionState, setUser],
  );

  const refreshUser = useCallback(async () => {
    try {
      const current = await fetchCurrentUser();
      setUser(current);
      void fetchCsrfToken();
      return current;
    } catch (failure) {
      if (!isAuthRejection(failure)) throw failure;
      await logout('SESSION_EXPIRED');
      return null;
    }
  }, [logout, setUser]);

  const login = useCallback(
    async (email: string, password: string, rememberMe: boolean) => {
      setIsLoggingIn(true);
      setError(null);
      try {
        const loggedIn = await requestLogin(email, password, rememberMe);
        resetSessionState();
        setRememberMe(rememberMe);
        setIsRemembered(rememberMe);
        setSessionExpiredAt(null);
        setSignOutNotice(null);
        setLandingPath(loggedIn.hasLinkedLeagues ? '/' : '/link-leagues');
        setUser(loggedIn);
        return loggedIn;
      } catch (failure) {
        const message = errorMessage(failure, LOGIN_FAILED_MESSAGE);
        setError(message);
        throw new AuthFailure(message, { cause: failure });
      } finally {
        setIsLoggingIn(false);
      }
    },
    [resetSessionState, setUser],
  );

  const register = useCallback(async (email: string, password: string) => {
    setError(null);
    try {
      return (await requestRegistration(email, password)) || REGISTRATION_SUCCESS_MESSAGE;
    } catch (failure) {
      const message = errorMessage(failure, REGISTER_FAILED_MESSAGE);
      setError(message);
      throw new AuthFailure(message, { cause: failure });
    }
  }, []);

  // The first check: a visitor (or a failed check) is left signed out quietly.
  useEffect(() => {
    let isCurrent = true;
    fetchSessionUser()
      .then((current) => isCurrent && setUser(current))
      .catch(() => isCurrent && setUser(null))
      .finally(() => void fetchCsrfToken());
    return () => {
      isCurrent = false;
    };
  }, [setUser]);

  // Any call answered TOKEN_REVOKED or SESSION_EXPIRED ends a signed-in session.
  useEffect(() => {
    const onSessionExpired = (event: Event) => {
      if (statusRef.current !== 'signedIn') return;
      const detail = (event as CustomEvent<SessionExpiredDetail>).detail;
      void logout(detail?.reason ?? 'SESSION_EXPIRED', detail?.endedBecause ? detail.message : undefined);
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onSessionExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onSessionExpired);
  }, [logout]);

  const timers = useSessionTimers({ isSignedIn: status === 'signedIn', setUser, logout });

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      isLoggingIn,
      error,
      hasSessionExpired: sessionExpiredAt !== null,
      signOutNotice,
      isRemembered,
      landingPathAfterLogin,
      clearLandingPath,
      setUser,
      refreshUser,
      login,
      register,
      logout,
      clearError,
    }),
    [
      status,
      user,
      isLoggingIn,
      error,
      sessionExpiredAt,
      signOutNotice,
      isRemembered,
      landingPathAfterLogin,
      clearLandingPath,
      setUser,
      refreshUser,
      login,
      register,
      logout,
      clearError,
    ],
  );
  return (
    <AuthContext.Provider value={value}>
      {children}
      <SessionNotices
        sessionExpiredAt={sessionExpiredAt}
        signOutNotice={signOutNotice}
        idleCountdownEndsAt={timers.idleCountdownEndsAt}
        onStayLoggedIn={timers.stayLoggedIn}
        onLogOutNow={() => void logout('SESSION_TIMEOUT')}
      />
    </AuthContext.Provider>
  );
}
