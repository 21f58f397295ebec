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
  path: string;
  body: Record<string, unknown> | undefined;
  headers: Headers;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * Stands in for the server at the network boundary (`fetch`): `handlers` are keyed
 * "METHOD /api/path". CSRF tokens are always served; anything else unknown answers 404.
 */
export function fakeServer(handlers: Record<string, FakeHandler>) {
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' && init.body ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: `${url.pathname}${url.search}`, body, headers: new Headers(init.headers) });
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
