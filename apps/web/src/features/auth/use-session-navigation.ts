import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from './auth-context';

/**
 * Route changes that follow the session (call once, inside the router): any logout — the
 * button, the session monitor, the idle timeout, a revoked session — goes to / unless
 * already on / or /login; the one-off post-login destination is forgotten once reached.
 */
export function useSessionNavigation(): void {
  const { status, landingPathAfterLogin, clearLandingPath } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const previousStatus = useRef(status);
  const currentPath = useRef(pathname);
  currentPath.current = pathname;

  useEffect(() => {
    const wasSignedIn = previousStatus.current === 'signedIn';
    previousStatus.current = status;
    const path = currentPath.current;
    if (wasSignedIn && status === 'signedOut' && path !== '/' && path !== '/login')
      navigate('/', { replace: true });
  }, [status, navigate]);

  useEffect(() => {
    if (landingPathAfterLogin && pathname === landingPathAfterLogin) clearLandingPath();
  }, [pathname, landingPathAfterLogin, clearLandingPath]);
}
