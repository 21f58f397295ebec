import http from 'node:http';

/** One server-sent event as the browser's EventSource would parse it. */
export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/** An open `text/event-stream` response read event by event (node:http, so thousands can be open). */
export interface SseConnection {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly headers: http.IncomingHttpHeaders;
  /** Every event received so far, pings included. */
  readonly events: SseEvent[];
  /** Resolves with the first event (received or yet to come) after `fromIndex` that `match` accepts. */
  next(match: (event: SseEvent) => boolean, fromIndex?: number): Promise<SseEvent>;
  readonly isClosed: boolean;
  close(): void;
}

/** The tRPC subscription `path` at `baseUrl` over SSE, with `input` as the query's JSON input. */
export function openTrpcSubscription(
  baseUrl: string,
  path: string,
  input?: unknown,
  headers: Record<string, string> = {},
): Promise<SseConnection> {
  const url = new URL(`/trpc/${path}`, baseUrl);
  if (input !== undefined) url.searchParams.set('input', JSON.stringify(input));
  return openEventStream(url, headers);
}

export function openEventStream(url: URL, headers: Record<string, string> = {}): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false });
    request.on('error', reject);
    request.on('response', (response) => {
      const events: SseEvent[] = [];
      const waiters: { match: (event: SseEvent) => boolean; from: number; resolve: (e: SseEvent) => void }[] =
        [];
      let buffer = '';
      let isClosed = false;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = parseBlock(block);
          if (!event) continue;
          events.push(event);
          for (const waiter of [...waiters]) {
            if (events.length - 1 >= waiter.from && waiter.match(event)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(event);
            }
          }
        }
      });
      response.on('close', () => (isClosed = true));
      response.on('error', () => (isClosed = true));
      resolve({
        status: response.statusCode ?? 0,
        contentType: response.headers['content-type'],
        headers: response.headers,
        events,
        get isClosed() {
          return isClosed;
        },
        next(match, fromIndex = 0) {
          const found = events.slice(fromIndex).find(match);
          if (found) return Promise.resolve(found);
          return new Promise((resolveEvent) =>
            waiters.push({ match, from: fromIndex, resolve: resolveEvent }),
          );
        },
        close() {
          request.destroy();
        },
      });
    });
  });
}

function parseBlock(block: string): SseEvent | null {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0 && event === 'message') return null;
  return { id, event, data: data.join('\n') };
}

/** The data-change events of a `live.dataChanges` stream (not pings or the connection notice). */
export const isDataChange = (event: SseEvent) => event.event === 'message' && event.id !== undefined;
