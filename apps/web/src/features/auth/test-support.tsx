import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { routes } from '../../app/routes';
import { AuthProvider, useAuth, type SessionUser } from './auth-context';

/** What a fake endpoint answers: [status, JSON body]. */
export type FakeAnswer = [number, unknown];
export type FakeHandler = (request: {
  body: Record<string, unknown> | undefined;
  url: URL;
}) => FakeAnswer | Promise<FakeAnswer>;

export interface RecordedCall {
  method: string;
  /** Path and query; a batched tRPC call is recorded once per procedure, as `/trpc/{procedure}?…`. */
  path: string;
  /** The JSON body, or for a tRPC call the procedure's input. */
  body: Record<string, unknown> | undefined;
  headers: Headers;
  /** The tRPC procedure called (`auth.me`), for calls to /trpc. */
  procedure?: string;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * A handler of a procedure may answer as the server's REST path does (`[200, data]`, or
 * `[401, {code, message}]`); such answers are sent in tRPC's shape. Answers already in that shape
 * (`trpcData`, `trpcError`: a list) pass as they are.
 */
function asTrpcItem([status, payload]: FakeAnswer): { status: number; item: unknown } {
  if (Array.isArray(payload)) return { status, item: payload[0] };
  if (status >= 200 && status < 300) return { status, item: { result: { data: payload } } };
  const { code, message, reason } = (payload ?? {}) as { code?: string; message?: string; reason?: string };
  const data = { code, httpStatus: status, appCode: code, ...(reason ? { reason } : {}) };
  return { status, item: { error: { message, code: -32603, data } } };
}

/**
 * `auth.session` answers as the server does from what `auth.me` would: the user, or null (200) where auth.me
 * refuses with 401/403; other failures pass through. Tests describe the session once, as auth.me.
 */
export function sessionFromMe([status, payload]: FakeAnswer): FakeAnswer {
  if (status === 401 || status === 403) return [200, { data: null }];
  return [status, payload];
}

/** The input of each procedure of a batched tRPC call, in order. */
function trpcInputs(url: URL, body: unknown): Array<Record<string, unknown> | undefined> {
  const names = url.pathname.slice('/trpc/'.length).split(',');
  const query = url.searchParams.get('input');
  const sent: unknown = body ?? (query === null ? undefined : JSON.parse(query));
  if (!url.searchParams.has('batch')) return [sent as Record<string, unknown> | undefined];
  const inputs = (sent ?? {}) as Record<string, unknown>;
  return names.map((_, index) => inputs[String(index)] as Record<string, unknown> | undefined);
}

/**
 * Stands in for the server at the network boundary (`fetch`): `handlers` are keyed
 * "METHOD /api/path" or, for the typed client, "METHOD /trpc/procedure" (batched calls are split
 * and answered per procedure). CSRF tokens are always served; anything else unknown answers 404.
 */
export function fakeServer(handlers: Record<string, FakeHandler>) {
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' && init.body ? JSON.parse(init.body) : undefined;
    const headers = new Headers(init.headers);
    if (url.pathname.startsWith('/trpc/')) {
      const procedures = url.pathname.slice('/trpc/'.length).split(',');
      const inputs = trpcInputs(url, body);
      const answers = await Promise.all(
        procedures.map(async (procedure, index) => {
          const procedureInput = inputs[index];
          calls.push({
            method,
            path: `/trpc/${procedure}${url.search}`,
            body: procedureInput,
            headers,
            procedure,
          });
          const handler = handlers[`${method} /trpc/${procedure}`];
          if (!handler && procedure === 'auth.session' && handlers['GET /trpc/auth.me']) {
            return asTrpcItem(sessionFromMe(await handlers['GET /trpc/auth.me']({ body: undefined, url })));
          }
          if (!handler) return asTrpcItem([404, { code: 'NOT_FOUND', message: 'Not found' }]);
          return asTrpcItem(await handler({ body: procedureInput, url }));
        }),
      );
      if (!url.searchParams.has('batch')) return json(answers[0]!.status, answers[0]!.item);
      const status = answers.length > 1 && answers.some((a) => a.status !== 200) ? 207 : answers[0]!.status;
      return json(
        status,
        answers.map((a) => a.item),
      );
    }
    calls.push({ method, path: `${url.pathname}${url.search}`, body, headers });
    if (method === 'GET' && url.pathname === '/api/auth/csrf-token') {
      return json(200, { csrfToken: 'nonce.signature' }, { 'x-csrf-token': 'nonce.signature' });
    }
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    const [status, payload] = await handler({ body, url });
    return json(status, payload);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, handlers };
}

export const SIGNED_OUT: FakeHandler = () => [
  401,
  { code: 'UNAUTHENTICATED', message: 'Please log in to continue.' },
];

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u-1',
    email: 'fan@example.com',
    role: 'user',
    hasLinkedLeagues: true,
    isDisabled: false,
    emailVerified: true,
    createdAt: '2025-09-01T12:00:00.000Z',
    ...overrides,
  };
}

function AppRoutes({ router }: { router: ReturnType<typeof createMemoryRouter> }) {
  const { status } = useAuth();
  if (status === 'loading') return <p>Loading Application...</p>;
  return <RouterProvider router={router} />;
}

/** The real routes and auth provider, as App renders them, starting at `entry`. */
export function renderApp(entry: string | { pathname: string; search?: string; state?: unknown }) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AppRoutes router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
