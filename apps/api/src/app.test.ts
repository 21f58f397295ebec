import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_DATABASE, startTestServer, type TestServer } from '../test/harness.js';

describe.each(EMBEDDED_DATABASE)('HTTP foundation on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reports health with a database round trip', async () => {
    const response = await server.client().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', database: { kind } });
  });

  it('answers an unknown /api path with 404 NOT_FOUND JSON', async () => {
    const response = await server.client().get('/api/no/such/thing');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
    expect(typeof response.body.message).toBe('string');
  });

  it('issues a CSRF token as body, cookie and header', async () => {
    const client = server.client();
    const response = await client.get('/api/auth/csrf-token');
    expect(response.status).toBe(200);
    expect(response.body.csrfToken).toMatch(/\S{20,}/);
    expect(response.headers.get('x-csrf-token')).toBe(response.body.csrfToken);
    expect(client.cookies.get('csrf-token')).toBe(response.body.csrfToken);
  });

  it('refuses a write without a matching CSRF token with 403 CSRF_INVALID', async () => {
    const client = server.client();
    const noToken = await client.request('POST', '/api/auth/logout', {});
    expect(noToken.status).toBe(403);
    expect(noToken.body.code).toBe('CSRF_INVALID');
    await client.fetchCsrfToken();
    const forged = await client.request(
      'POST',
      '/api/auth/logout',
      {},
      { headers: { 'x-csrf-token': 'abc.def' } },
    );
    expect(forged.status).toBe(403);
  });

  it('answers malformed JSON with 400 and an oversized body with 413, both as JSON', async () => {
    const client = server.client();
    await client.fetchCsrfToken();
    const malformed = await client.post('/api/auth/login', '{"email": ', {
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('INVALID_JSON');
    const huge = await client.post('/api/auth/login', { email: 'x'.repeat(1024 * 1024 + 10) });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('never answers with a stack trace and tags every response with a request id', async () => {
    const response = await server.client().get('/api/no/such/thing');
    expect(response.text).not.toMatch(/at .+\(.+:\d+:\d+\)/);
    expect(response.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });

  it('serves an OpenAPI document that lists the documented paths, and a docs page', async () => {
    const client = server.client();
    const document = await client.get('/api/openapi.json');
    expect(document.status).toBe(200);
    expect(document.body.openapi).toMatch(/^3\./);
    expect(Object.keys(document.body.paths)).toContain('/auth/csrf-token');
    const docs = await client.get('/api/docs');
    expect(docs.text).toContain('swagger-ui');
    const bundle = await client.get('/api/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
  });

  it('sends security headers with a content security policy', async () => {
    const response = await server.client().get('/api/health');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('serving the web app', () => {
  let server: TestServer;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(os.tmpdir(), 'fm-web-'));
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app shell</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    server = await startTestServer('pglite', {}, { webDistDir: webDist });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers any page path with index.html, revalidated on every load', async () => {
    const response = await server.client().get('/simulate/someone/2025/123');
    expect(response.status).toBe(200);
    expect(response.text).toContain('app shell');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const response = await server.client().get('/assets/app-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('keeps unknown API paths as JSON 404s rather than the page', async () => {
    const response = await server.client().get('/api/unknown');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
  });
});
