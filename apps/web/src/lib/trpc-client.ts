import type { AppRouter } from '@fm/api';
import { isUnbatchableProcedure, MAX_CALLS_PER_BATCH } from '@fm/contract';
import { createTRPCClient, httpBatchLink, httpLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { apiFetch } from './api-client';

/**
 * Some refusals are sent before tRPC sees the call (the CSRF check, a server shutting down) and
 * carry the REST `{code, message}` body. Rewritten as one tRPC error per batched call, they
 * reach the caller with the same code and message as any other failure instead of a parse error.
 */
async function withTrpcErrorBody(url: string, response: Response): Promise<Response> {
  if (response.ok) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (!body || typeof body !== 'object' || Array.isArray(body) || 'error' in body) return response;
  const { code, message } = body as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || typeof message !== 'string') return response;
  const parsed = new URL(url, 'http://localhost');
  const calls = parsed.pathname.split('/').pop()!.split(',').length;
  const failure = {
    error: { message, code: -32603, data: { code, httpStatus: response.status, appCode: code } },
  };
  const answer = parsed.searchParams.has('batch') ? Array.from({ length: calls }, () => failure) : failure;
  return new Response(JSON.stringify(answer), {
    status: response.status,
    headers: response.headers,
  });
}

const fetchThroughApi = async (url: URL | RequestInfo, init?: RequestInit) =>
  withTrpcErrorBody(String(url), await apiFetch(String(url), init));

/** Session and account calls are sent at once, alone: a batch waits a tick, and a session check must not land after a logout. */
const isSessionCall = (path: string) => isUnbatchableProcedure(path) || path.startsWith('user.');

/**
 * The typed client: same procedures as the REST paths, and every call goes through `apiFetch`,
 * so it carries the cookies and the CSRF header and follows the same 401/403 rules. It has no
 * TanStack Query in it, so the entry bundle (auth, page views) can use it without carrying that.
 */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      // live updates: server-sent events, resumed with the last event id after a dropped connection
      condition: (op) => op.type === 'subscription',
      true: httpSubscriptionLink({ url: '/trpc' }),
      false: splitLink({
        condition: (op) => isSessionCall(op.path),
        true: httpLink({ url: '/trpc', fetch: fetchThroughApi }),
        // the server refuses a longer batch: the link splits at its limit
        false: httpBatchLink({ url: '/trpc', fetch: fetchThroughApi, maxItems: MAX_CALLS_PER_BATCH }),
      }),
    }),
  ],
});
