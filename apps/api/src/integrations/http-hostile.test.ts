import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fetchJson } from './http.js';
import { createUpstreamBudget } from './upstream-budget.js';

const anything = z.unknown();

/** A local service whose answer per path the test sets; it records each request's path and headers. */
async function startService() {
  const seen: { url: string; authorization: string | undefined }[] = [];
  let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    answer: (next: typeof answer) => (answer = next),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('fetchJson against hostile services', () => {
  let service: Awaited<ReturnType<typeof startService>>;
  let elsewhere: Awaited<ReturnType<typeof startService>>;
  const request = { failureMessage: 'Failed.', maxAttempts: 1, headers: { authorization: 'Bearer secret' } };

  beforeAll(async () => {
    [service, elsewhere] = await Promise.all([startService(), startService()]);
  });
  afterAll(() => Promise.all([service.close(), elsewhere.close()]));
  beforeEach(() => {
    service.seen.length = 0;
    elsewhere.seen.length = 0;
  });

  it('does not follow a redirect to another origin, with or without credentials', async () => {
    service.answer((_req, res) => res.writeHead(302, { location: `${elsewhere.url}/steal` }).end());
    const failure = await fetchJson(`${service.url}/v1/state`, anything, request).catch((e) => e);
    expect(failure).toMatchObject({ code: 'UPSTREAM_INVALID', status: 502, reason: 'redirect' });
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('follows a redirect within its origin, without the credentials', async () => {
    service.answer((req, res) =>
      req.url === '/old'
        ? res.writeHead(301, { location: '/new' }).end()
        : res.writeHead(200, { 'content-type': 'application/json' }).end('{"moved":true}'),
    );
    await expect(fetchJson(`${service.url}/old`, anything, request)).resolves.toEqual({ moved: true });
    expect(service.seen).toEqual([
      { url: '/old', authorization: 'Bearer secret' },
      { url: '/new', authorization: undefined },
    ]);
  });

  it('refuses an answer larger than allowed, declared or streamed', async () => {
    service.answer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify('x'.repeat(5_000))),
    );
    await expect(
      fetchJson(`${service.url}/a`, anything, { ...request, maxBytes: 1_000 }),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_INVALID',
      reason: 'too-large',
    });
    service.answer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('"');
      res.write('y'.repeat(4_000));
      res.end('"');
    });
    await expect(
      fetchJson(`${service.url}/b`, anything, { ...request, maxBytes: 1_000 }),
    ).rejects.toMatchObject({
      reason: 'too-large',
    });
  });

  it('keeps to its call budget: a call over it waits its turn, or is refused (503) without reaching the service', async () => {
    const waits: number[] = [];
    const budget = createUpstreamBudget({
      service: 'test-service',
      callsPerMinute: 2,
      maxWaitMs: 1_000,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await fetchJson(`${service.url}/1`, anything, { ...request, budget });
    await fetchJson(`${service.url}/2`, anything, { ...request, budget });
    const refused: unknown = await fetchJson(`${service.url}/3`, anything, { ...request, budget }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({
      code: 'UPSTREAM_ERROR',
      status: 503,
      reason: 'budget',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect(service.seen.map((seen) => seen.url)).toEqual(['/1', '/2']);
  });
});
