import { vi } from 'vitest';
import type { SessionUser } from '../features/auth/auth-context';

/**
 * What a fake endpoint or procedure answers: [status, JSON body], as the server's REST path sends it —
 * the data, or `{code, message}` (and `reason` for an ended session) on a failure. Procedures' answers
 * are sent in tRPC's shape.
 */
export type FakeAnswer = [number, unknown];
export type FakeHandler = (request: {
  /** The JSON body, or for a tRPC call the procedure's input. */
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

/** A procedure's successful answer: its data. */
export function trpcData(data: unknown): FakeAnswer {
  return [200, data];
}

/** A procedure's failure carrying the app's code and message. */
export function trpcError(status: number, appCode: string, message: string): FakeAnswer {
  return [status, { code: appCode, message }];
}

/** `auth.me` of a visitor. */
export const SIGNED_OUT: FakeHandler = () => trpcError(401, 'UNAUTHENTICATED', 'Please log in to continue.');

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

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function asTrpcItem([status, payload]: FakeAnswer): { status: number; item: unknown } {
  if (status >= 200 && status < 300) return { status, item: { result: { data: payload } } };
  const { code, message, reason } = (payload ?? {}) as { code?: string; message?: string; reason?: string };
  const data = { code, httpStatus: status, appCode: code, ...(reason ? { reason } : {}) };
  return { status, item: { error: { message, code: -32603, data } } };
}

/**
 * `auth.session` answers as the server does from what `auth.me` would: the user, or null (200) where auth.me
 * refuses with 401/403; other failures pass through. Tests describe the session once, as auth.me.
 */
function sessionFromMe([status, payload]: FakeAnswer): FakeAnswer {
  if (status === 401 || status === 403) return [200, { data: null }];
  return [status, payload];
}

/** The input of each procedure of a tRPC call, in order: a query sends it in the address, a mutation in its body. */
function trpcInputs(url: URL, body: unknown): Array<Record<string, unknown> | undefined> {
  const names = url.pathname.slice('/trpc/'.length).split(',');
  const query = url.searchParams.get('input');
  const sent: unknown = body ?? (query === null ? undefined : JSON.parse(query));
  // An unbatched call (session and account calls go alone) sends its input as is.
  if (!url.searchParams.has('batch')) return [sent as Record<string, unknown> | undefined];
  const inputs = (sent ?? {}) as Record<string, unknown>;
  return names.map((_, index) => inputs[String(index)] as Record<string, unknown> | undefined);
}

/** A batch's status as tRPC sets it: the answers' own when they agree, else 207 Multi-Status. */
function batchStatus(statuses: number[]): number {
  return new Set(statuses).size === 1 ? statuses[0]! : 207;
}

/**
 * Stands in for the server at the network boundary (`fetch`), for every page test: `handlers` are keyed
 * "METHOD /api/path" for REST or "METHOD /trpc/procedure" for the typed client (queries are GET,
 * mutations POST); batched `/trpc/a,b?batch=1&input=…` calls are split and answered per procedure.
 * CSRF tokens are always served; without an `auth.me` handler the user is a visitor (`SIGNED_OUT`), and
 * `auth.session` follows `auth.me`. Anything else unknown answers 404. Every call lands in one log, `calls`.
 */
export function fakeServer(handlers: Record<string, FakeHandler>) {
  const calls: RecordedCall[] = [];
  const answerMe = handlers['GET /trpc/auth.me'] ?? SIGNED_OUT;
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
          if (handler) return asTrpcItem(await handler({ body: procedureInput, url }));
          if (procedure === 'auth.me') return asTrpcItem(await answerMe({ body: undefined, url }));
          if (procedure === 'auth.session') {
            return asTrpcItem(sessionFromMe(await answerMe({ body: undefined, url })));
          }
          return asTrpcItem([404, { code: 'NOT_FOUND', message: `No procedure ${procedure}` }]);
        }),
      );
      if (!url.searchParams.has('batch')) return json(answers[0]!.status, answers[0]!.item);
      return json(
        batchStatus(answers.map((a) => a.status)),
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
  return {
    calls,
    /** The calls to one procedure, in order. */
    callsTo: (procedure: string) => calls.filter((call) => call.procedure === procedure),
  };
}
