import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A failure the next matching request(s) will get instead of the real answer. */
export type InjectedFailure =
  | { kind: 'status'; status: number; retryAfterSeconds?: number; body?: string }
  /** 200 with a body that is not JSON. */
  | { kind: 'invalid-json' }
  /** 200 with JSON of the wrong shape. */
  | { kind: 'wrong-shape' }
  /** Answers normally, but only after `ms` (use a value beyond the client's timeout). */
  | { kind: 'delay'; ms: number }
  /** Drops the connection without answering. */
  | { kind: 'disconnect' }
  /** Yahoo's answer to an expired access token: 401 with oauth_problem="token_expired". */
  | { kind: 'token-expired' };

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. /v1/league/1/rosters. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** When it arrived (epoch ms). */
  receivedAt: number;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
  /** Sent as-is instead of JSON.stringify(body). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export type FakeRoute = (request: RecordedRequest, url: URL) => FakeResponse;

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  /**
   * The next `count` requests whose path matches `pathPattern` (all when omitted) get `failure`.
   * A number is shorthand for `{ kind: 'status', status }`.
   */
  failNext(failure: InjectedFailure | number, count?: number, pathPattern?: string | RegExp): void;
  /** Forgets queued failures and recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

interface QueuedFailure {
  failure: InjectedFailure;
  pattern: string | RegExp | undefined;
}

const YAHOO_TOKEN_EXPIRED_BODY = {
  error: {
    'xml:lang': 'en-us',
    'yahoo:uri': '',
    description:
      'Please provide valid credentials. OAuth oauth_problem="token_expired", realm="yahooapis.com"',
    detail: '',
  },
};

/** A real HTTP server on 127.0.0.1 that answers through `route` unless a failure is queued. */
export async function startFakeServer(route: FakeRoute, port = 0, host = '127.0.0.1'): Promise<FakeServer> {
  const queue: QueuedFailure[] = [];
  const requests: RecordedRequest[] = [];

  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      requests.push(request);
      const url = new URL(request.url, 'http://fake.local');
      const failure = takeFailure(queue, url.pathname);
      const answer = () => send(outgoing, safeRoute(route, request, url));
      if (!failure) return answer();
      switch (failure.kind) {
        case 'status':
          return send(outgoing, {
            status: failure.status,
            rawBody: failure.body ?? JSON.stringify({ message: `injected ${failure.status}` }),
            headers:
              failure.retryAfterSeconds === undefined
                ? {}
                : { 'retry-after': String(failure.retryAfterSeconds) },
          });
        case 'invalid-json':
          return send(outgoing, { status: 200, rawBody: '<html>Service temporarily unavailable</html>' });
        case 'wrong-shape':
          return send(outgoing, { status: 200, body: { unexpected: ['shape'] } });
        case 'delay':
          setTimeout(() => {
            if (!outgoing.destroyed) answer();
          }, failure.ms).unref();
          return;
        case 'disconnect':
          return incoming.socket.destroy();
        case 'token-expired':
          return send(outgoing, {
            status: 401,
            body: YAHOO_TOKEN_EXPIRED_BODY,
            headers: { 'www-authenticate': 'OAuth oauth_problem="token_expired", realm="yahooapis.com"' },
          });
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;

  return {
    url: `http://${host}:${address.port}`,
    requests,
    failNext(failure, count = 1, pathPattern) {
      const normalized: InjectedFailure =
        typeof failure === 'number' ? { kind: 'status', status: failure } : failure;
      for (let i = 0; i < count; i++) queue.push({ failure: normalized, pattern: pathPattern });
    },
    reset() {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function takeFailure(queue: QueuedFailure[], pathname: string): InjectedFailure | undefined {
  const index = queue.findIndex(({ pattern }) =>
    pattern === undefined
      ? true
      : typeof pattern === 'string'
        ? pathname.includes(pattern)
        : pattern.test(pathname),
  );
  if (index === -1) return undefined;
  return queue.splice(index, 1)[0]!.failure;
}

function safeRoute(route: FakeRoute, request: RecordedRequest, url: URL): FakeResponse {
  try {
    return route(request, url);
  } catch (error) {
    return { status: 500, body: { message: error instanceof Error ? error.message : String(error) } };
  }
}

function send(outgoing: http.ServerResponse, response: FakeResponse): void {
  const body = response.rawBody ?? JSON.stringify(response.body ?? null);
  const isJson = response.rawBody === undefined;
  outgoing.writeHead(response.status, {
    ...(isJson ? { 'content-type': 'application/json; charset=utf-8' } : { 'content-type': 'text/html' }),
    ...response.headers,
  });
  outgoing.end(body);
}
