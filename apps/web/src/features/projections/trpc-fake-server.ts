import { vi } from 'vitest';
import type { SessionUser } from '../auth/auth-context';

/** What a fake procedure answers: its data, or an error with the app's code. */
export type ProcedureAnswer =
  { data: unknown } | { error: { status: number; code: string; message: string } };
export type ProcedureHandler = (
  input: Record<string, unknown> | undefined,
) => ProcedureAnswer | Promise<ProcedureAnswer>;

export interface ProcedureCall {
  procedure: string;
  input: Record<string, unknown> | undefined;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * Stands in for the server at the network boundary (`fetch`) for pages that talk tRPC: batched
 * `/trpc/a,b?batch=1&input=…` calls are split and answered per procedure; `auth.me` (and `auth.session`)
 * answer the given user (or 401, and null) unless a handler is given; REST paths come from `rest`.
 */
export function fakeTrpcServer(
  procedures: Record<string, ProcedureHandler>,
  options: { user?: SessionUser | null; rest?: Record<string, (url: URL) => [number, unknown]> } = {},
) {
  const calls: ProcedureCall[] = [];
  const answerUser = (): ProcedureAnswer =>
    options.user
      ? { data: { data: options.user } }
      : { error: { status: 401, code: 'UNAUTHENTICATED', message: 'Please log in to continue.' } };
  // The first check: the user, or null for a visitor (never a 401).
  const answerSession = (): ProcedureAnswer => ({ data: { data: options.user ?? null } });
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/csrf-token') return json(200, { csrfToken: 'nonce.signature' });
    if (url.pathname.startsWith('/trpc/')) {
      const names = url.pathname.slice('/trpc/'.length).split(',');
      const isBatch = url.searchParams.has('batch');
      // A query sends its input in the address, a mutation in its body.
      const sent = typeof init.body === 'string' && init.body ? init.body : url.searchParams.get('input');
      const query = JSON.parse(sent ?? (isBatch ? '{}' : 'null')) as unknown;
      // An unbatched call (session calls go alone) sends its input as is, and gets one answer back.
      const inputs = (isBatch ? query : { 0: query ?? undefined }) as Record<
        string,
        Record<string, unknown> | undefined
      >;
      const results = await Promise.all(
        names.map(async (procedure, index) => {
          const procedureInput = inputs[String(index)];
          calls.push({ procedure, input: procedureInput });
          const handler =
            procedures[procedure] ??
            (procedure === 'auth.me' ? answerUser : procedure === 'auth.session' ? answerSession : undefined);
          const answer: ProcedureAnswer = handler
            ? await handler(procedureInput)
            : { error: { status: 404, code: 'NOT_FOUND', message: `No procedure ${procedure}` } };
          if ('data' in answer) return { status: 200, body: { result: { data: answer.data } } };
          const { status, code, message } = answer.error;
          return {
            status,
            body: { error: { message, code: -32603, data: { code, httpStatus: status, appCode: code } } },
          };
        }),
      );
      if (!isBatch) return json(results[0]!.status, results[0]!.body);
      const status = results.every((r) => r.status === 200)
        ? 200
        : (results.find((r) => r.status !== 200)?.status ?? 500);
      return json(
        results.length > 1 ? 207 : status,
        results.map((r) => r.body),
      );
    }
    const rest = options.rest?.[url.pathname];
    if (rest) {
      const [status, body] = rest(url);
      return json(status, body);
    }
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, callsTo: (procedure: string) => calls.filter((call) => call.procedure === procedure) };
}
