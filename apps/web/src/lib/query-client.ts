import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one TanStack Query cache. It lives apart from the tRPC options proxy (lib/trpc.ts) so
 * the entry bundle, which mounts the provider, carries only the plain typed client
 * (lib/trpc-client.ts): pages that use the proxy load it with their own chunk.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => failureCount < 2 && !isClientError(error),
      refetchOnWindowFocus: false,
    },
  },
});

/** A 4xx answer (from tRPC's `data.httpStatus` or the REST client's `status`) will not get better by retrying. */
function isClientError(error: unknown): boolean {
  const candidate = error as { data?: { httpStatus?: unknown }; status?: unknown } | null;
  const status = candidate?.data?.httpStatus ?? candidate?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
