import type { AppRouter } from '@fm/api';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { apiFetch } from './api-client';
import { queryClient } from './query-client';

export { queryClient };

/** The typed client: same procedures as the REST paths, same cookies, CSRF and 401 rules. */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      fetch: (url, init) => apiFetch(String(url), init as RequestInit),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** The app's error code of a tRPC failure (the same code the REST path answers). */
export function appErrorCode(error: unknown): string | undefined {
  if (error instanceof TRPCClientError) {
    return (error.data as { appCode?: string } | undefined)?.appCode;
  }
  return (error as { code?: string } | null)?.code;
}
