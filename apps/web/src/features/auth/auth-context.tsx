import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, ApiError, fetchCsrfToken } from '../../lib/api-client';

export interface SessionUser {
  id: string;
  email: string;
  role: 'admin' | 'user';
  hasLinkedLeagues: boolean;
  isDisabled: boolean;
  emailVerified: boolean;
  createdAt: string;
}

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  /** Replaces the signed-in user (after login, or after a refresh). */
  setUser(user: SessionUser | null): void;
  /** Re-reads the current user from the server. */
  refreshUser(): Promise<SessionUser | null>;
  /** Ends the session on the server (failure ignored) and clears local state. */
  logout(reason?: string): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

async function loadCurrentUser(): Promise<SessionUser | null> {
  try {
    const response = await api.get<{ data?: SessionUser }>('/auth/me');
    if (!response?.data) throw new Error('Invalid user data received');
    return response.data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUserState] = useState<SessionUser | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');

  const setUser = useCallback((next: SessionUser | null) => {
    setUserState(next);
    setStatus(next ? 'signedIn' : 'signedOut');
  }, []);

  const refreshUser = useCallback(async () => {
    const current = await loadCurrentUser();
    setUser(current);
    void fetchCsrfToken();
    return current;
  }, [setUser]);

  const logout = useCallback(async () => {
    try {
      await api.post('/auth/logout');
    } catch {
      // the server logout is attempted first; its failure is ignored
    }
    setUser(null);
  }, [setUser]);

  useEffect(() => {
    refreshUser().catch(() => setUser(null));
  }, [refreshUser, setUser]);

  const value = useMemo(
    () => ({ status, user, setUser, refreshUser, logout }),
    [status, user, setUser, refreshUser, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
