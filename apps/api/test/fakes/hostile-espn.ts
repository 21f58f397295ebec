import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the hostile service answers, for the paths matching `path`, instead of the fake ESPN's answer. */
export type EspnHostility =
  | { kind: 'none' }
  /** 200 with a JSON body streamed without end until the client hangs up or `bytes` are sent. */
  | { kind: 'huge'; path: RegExp; bytes: number }
  /** 200 with this body: JSON of a value, or a string sent as it is. */
  | { kind: 'body'; path: RegExp; body: unknown }
  /** 302 to the same path on another local server (which counts what reaches it). */
  | { kind: 'redirect-elsewhere'; path: RegExp }
  /** The connection dropped without an answer (ESPN down). */
  | { kind: 'down'; path: RegExp };

export interface ElsewhereRequest {
  url: string;
  cookie: string | undefined;
}

const CHUNK = Buffer.from(`{"id":1,"defaultPositionId":3,"fullName":"Junk Player","stats":[]},`.repeat(800));

function drainedOrClosed(res: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}

/**
 * A local service in front of the fake ESPN (`upstream`): passes every request through (headers
 * included), except on the paths a hostility names. It reports how many bytes a huge answer managed to
 * send and every request that reached the other server of a redirect.
 */
export async function startHostileEspn(upstream: string) {
  let hostility: EspnHostility = { kind: 'none' };
  let bytesSent = 0;
  const elsewhereRequests: ElsewhereRequest[] = [];
  const elsewhere = http.createServer((req, res) => {
    elsewhereRequests.push({ url: req.url ?? '', cookie: req.headers.cookie });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"players":[]}');
  });
  const server = http.createServer(async (req, res) => {
    const url = req.url ?? '/';
    const pathname = new URL(url, 'http://x').pathname;
    const active = hostility.kind !== 'none' && hostility.path.test(pathname) ? hostility : null;
    if (active?.kind === 'huge') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":1,"seasonId":2023,"players":[');
      let isClosed = false;
      res.on('close', () => (isClosed = true));
      while (!isClosed && bytesSent < active.bytes) {
        bytesSent += CHUNK.length;
        if (!res.write(CHUNK)) await drainedOrClosed(res);
      }
      if (!isClosed) res.end('{}]}');
      return;
    }
    if (active?.kind === 'body') {
      const text = typeof active.body === 'string' ? active.body : JSON.stringify(active.body);
      res.writeHead(200, { 'content-type': 'application/json' }).end(text);
      return;
    }
    if (active?.kind === 'redirect-elsewhere') {
      const { port } = elsewhere.address() as AddressInfo;
      res.writeHead(302, { location: `http://127.0.0.1:${port}${url}` }).end();
      return;
    }
    if (active?.kind === 'down') {
      req.socket.destroy();
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
      ),
    );
    const answer = await fetch(`${upstream}${url}`, { headers });
    res
      .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
      .end(await answer.text());
  });
  await Promise.all(
    [server, elsewhere].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set(next: EspnHostility) {
      hostility = next;
      bytesSent = 0;
      elsewhereRequests.length = 0;
    },
    get bytesSent() {
      return bytesSent;
    },
    elsewhereRequests,
    close: () =>
      Promise.all(
        [server, elsewhere].map(
          (s) =>
            new Promise((resolve) => {
              s.closeAllConnections();
              s.close(resolve);
            }),
        ),
      ),
  };
}

export type HostileEspn = Awaited<ReturnType<typeof startHostileEspn>>;
