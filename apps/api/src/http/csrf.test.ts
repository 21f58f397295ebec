import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount, type TestAccount } from '../../test/admin-accounts.js';
import { uniqueEmail } from '../../test/accounts.js';
import { EMBEDDED_DATABASE, startTestServer, type TestClient, type TestServer } from '../../test/harness.js';
import { rawRequest } from '../../test/raw-http.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const percentEncoded = (text: string) =>
  [...text].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');

/** Spellings of one path that a router might send to the same place (or to a 404). */
function spellingsOf(path: string): string[] {
  const segments = path.split('/').slice(1);
  const rest = segments.slice(1).join('/');
  return [
    path,
    `/%${segments[0]!.charCodeAt(0).toString(16)}${segments[0]!.slice(1)}/${rest}`,
    `/${segments.map(percentEncoded).join('/')}`,
    `/${segments.map((s) => `%${s.charCodeAt(0).toString(16)}${s.slice(1)}`).join('/')}`,
    `//${segments.join('//')}`,
    `${path}/`,
    `${path}//`,
    `${path}?batch=1`,
    `${path};x=1`,
    `${path}%2F`,
    `${path}%00`,
    `/${segments.join('%2F')}`,
    path.toUpperCase(),
    `/${segments[0]}/./${rest}`,
    `/x/../${segments.join('/')}`,
  ];
}

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND'];

describe.each(EMBEDDED_DATABASE)('CSRF protection on %s', (kind) => {
  let server: TestServer;
  let user: TestAccount;
  let admin: TestAccount;

  const cookieHeader = (client: TestClient) =>
    [...client.cookies]
      .filter(([name]) => name !== 'csrf-token')
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');

  beforeAll(async () => {
    server = await startTestServer(kind, { APP_URL: 'https://app.example.test' });
    user = await signedInAccount(server);
    admin = await signedInAccount(server, 'admin');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses a logout without the token however the path is spelt and whatever the write method', async () => {
    const answers: string[] = [];
    for (const path of [...spellingsOf('/trpc/auth.logout'), ...spellingsOf('/api/auth/logout')]) {
      for (const method of WRITE_METHODS) {
        const answer = await rawRequest(server.url, {
          method,
          path,
          headers: { cookie: cookieHeader(user.client), 'content-type': 'application/json' },
          body: '{}',
        });
        answers.push(`${method} ${path} → ${answer.status} ${answer.body?.code}`);
      }
    }
    expect(answers.filter((answer) => !answer.endsWith('→ 403 CSRF_INVALID'))).toEqual([]);
    expect((await user.client.get('/api/auth/me')).status).toBe(200);
  });

  it('deletes no analytics without the token however the cleanup path is spelt', async () => {
    const store = server.deps.monitoring.eventStore;
    await store.recordEvents([
      { type: 'page.view', payload: { path: '/old' }, createdAt: new Date(Date.now() - 100 * DAY_MS) },
    ]);
    await server.deps.monitoring.flush();
    const before = await store.countEvents({});
    for (const path of spellingsOf('/api/admin/data-management/cleanup-analytics')) {
      const answer = await rawRequest(server.url, {
        method: 'DELETE',
        path: `${path}${path.includes('?') ? '&' : '?'}olderThanDays=1`,
        headers: { cookie: cookieHeader(admin.client) },
      });
      expect(`${path} → ${answer.status}`).toBe(`${path} → 403`);
    }
    await server.deps.monitoring.flush();
    expect(await store.countEvents({})).toBe(before);
  });

  it('runs no mutation for HEAD or OPTIONS', async () => {
    for (const method of ['HEAD', 'OPTIONS']) {
      for (const path of ['/trpc/auth.logout', '/api/auth/logout', '/%74rpc/auth.logout']) {
        const answer = await rawRequest(server.url, {
          method,
          path,
          headers: { cookie: cookieHeader(user.client) },
        });
        expect(answer.status).toBeLessThan(500);
      }
    }
    expect((await user.client.get('/api/auth/me')).status).toBe(200);
  });

  it('refuses writes sent from another site, even with a valid token', async () => {
    const client = (await signedInAccount(server)).client;
    await client.fetchCsrfToken();
    const fromSite = (headers: Record<string, string>) =>
      client.post('/api/auth/forgot-password', { email: uniqueEmail('site') }, { headers });
    const crossSite: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: `${server.url}.evil.example` },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: server.url, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const answer = await fromSite(headers);
      expect(`${JSON.stringify(headers)} → ${answer.status} ${answer.body.code}`).toBe(
        `${JSON.stringify(headers)} → 403 CSRF_INVALID`,
      );
    }
    const ownSite: Array<Record<string, string>> = [
      { origin: server.url, 'sec-fetch-site': 'same-origin' },
      { origin: 'https://app.example.test' },
      { 'sec-fetch-site': 'none' },
    ];
    for (const headers of ownSite) {
      expect((await fromSite(headers)).status).toBe(200);
    }
  });

  it('takes tRPC bodies as JSON only: form-data, octet-stream, text and url-encoded get 415', async () => {
    const client = (await signedInAccount(server)).client;
    await client.fetchCsrfToken();
    const form = new FormData();
    form.set('email', 'someone@example.com');
    const bodies: Array<[string, RequestInit]> = [
      ['multipart/form-data', { body: form }],
      [
        'application/octet-stream',
        { body: new Blob(['{}']), headers: { 'content-type': 'application/octet-stream' } },
      ],
      ['text/plain', { body: '{"email":"someone@example.com"}', headers: { 'content-type': 'text/plain' } }],
      [
        'application/x-www-form-urlencoded',
        {
          body: 'email=someone%40example.com',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
    ];
    for (const procedure of ['auth.logout', 'auth.forgotPassword']) {
      for (const [type, init] of bodies) {
        const headers = new Headers(init.headers);
        headers.set('x-csrf-token', client.csrfToken!);
        const answer = await client.request('POST', `/trpc/${procedure}`, undefined, { ...init, headers });
        expect(`${procedure} ${type} → ${answer.status}`).toBe(`${procedure} ${type} → 415`);
      }
    }
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('logs out on a body-less POST without a content type, on both paths', async () => {
    for (const path of ['/api/auth/logout', '/trpc/auth.logout']) {
      const client = (await signedInAccount(server)).client;
      await client.fetchCsrfToken();
      const answer = await rawRequest(server.url, {
        method: 'POST',
        path,
        headers: {
          cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          'x-csrf-token': client.csrfToken!,
        },
      });
      expect(`${path} → ${answer.status}`).toBe(`${path} → 200`);
      expect((await client.get('/api/auth/me')).status).toBe(401);
    }
  });
});
