import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { getCsrfToken } from './api-client';
import { trpcClient } from './trpc-client';

/**
 * Reports each page the user opens (admin analytics). Only once a CSRF token is at hand, since
 * a refused write would clear it; failures are ignored and the page never waits.
 */
export function usePageViewReporting(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname.startsWith('/admin') || !getCsrfToken()) return;
    trpcClient.events.pageView.mutate({ path: pathname }).catch(() => {});
  }, [pathname]);
}
