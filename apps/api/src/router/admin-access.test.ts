import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount, type TestAccount } from '../../test/admin-accounts.js';
import { startTestServer, type TestClient, type TestServer } from '../../test/harness.js';
import { DATA_MANAGEMENT_ROUTES } from '../http/data-management-routes.js';

interface Route {
  method: string;
  url: string;
}

/** Every admin call: the documented /api/admin/* paths of the OpenAPI document, and the plain upload/download routes. */
async function allAdminRoutes(client: TestClient): Promise<Route[]> {
  const document = await client.get('/api/openapi.json');
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(
    document.body.paths as Record<string, Record<string, unknown>>,
  )) {
    if (!path.startsWith('/admin/')) continue;
    for (const method of Object.keys(operations)) {
      routes.push({ method: method.toUpperCase(), url: `/api${path.replace(/\{[^}]+\}/g, randomUUID())}` });
    }
  }
  return [...routes, ...DATA_MANAGEMENT_ROUTES.map((route) => ({ method: route.method, url: route.url }))];
}

interface JsonSchema {
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

interface OpenApiOperation {
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

/** A schema, following a `$ref` into `components.schemas`. */
function resolve(document: { components?: { schemas?: Record<string, JsonSchema> } }, schema?: JsonSchema) {
  if (!schema?.$ref) return schema;
  return document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')];
}

function call(client: TestClient, route: Route) {
  const body = route.method === 'GET' ? undefined : {};
  return route.method === 'GET'
    ? client.get(route.url)
    : client.request(route.method, route.url, body, {
        headers: client.csrfToken ? { 'x-csrf-token': client.csrfToken } : {},
      });
}

describe('every /admin call is for admins only', () => {
  let server: TestServer;
  let routes: Route[];
  let user: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    routes = await allAdminRoutes(server.client());
    user = await signedInAccount(server, 'user');
    admin = await signedInAccount(server, 'admin');
    await user.client.fetchCsrfToken();
    await admin.client.fetchCsrfToken();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('finds the admin calls in the OpenAPI document', () => {
    const listed = routes.map((r) => `${r.method} ${r.url.replace(/[0-9a-f-]{36}/g, '{id}')}`);
    for (const expected of [
      'GET /api/admin/metrics',
      'GET /api/admin/chart-data',
      'GET /api/admin/users',
      'DELETE /api/admin/users/{id}',
      'PATCH /api/admin/users/{id}/status',
      'GET /api/admin/alerts',
      'PATCH /api/admin/alerts/{id}',
      'GET /api/admin/system/health',
      'GET /api/admin/system/metrics',
      'GET /api/admin/system/errors',
      'GET /api/admin/system/resources',
      'GET /api/admin/data-management/import-stats',
      'POST /api/admin/data-management/archive-users',
      'POST /api/admin/data-management/preview-csv',
      'POST /api/admin/data-management/import-projections',
      'GET /api/admin/data-management/export-projections',
      'GET /api/admin/data-management/export-analytics',
      'DELETE /api/admin/data-management/cleanup-analytics',
    ]) {
      expect(listed).toContain(expected);
    }
  });

  it('describes the properties of every admin answer in the OpenAPI document', async () => {
    const document = (await server.client().get('/api/openapi.json')).body;
    const operations = Object.entries(document.paths as Record<string, Record<string, OpenApiOperation>>)
      .filter(([path]) => path.startsWith('/admin/'))
      .flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThanOrEqual(13);
    for (const { path, method, op } of operations) {
      const answer = op.responses['200']?.content?.['application/json']?.schema;
      const data = resolve(document, answer?.properties?.data);
      const described =
        data?.properties ?? resolve(document, data?.items)?.properties ?? data?.oneOf ?? data?.anyOf;
      expect(described, `${method.toUpperCase()} ${path}`).toBeTruthy();
      expect(Object.keys(described ?? {}).length, `${method.toUpperCase()} ${path}`).toBeGreaterThan(0);
    }
    const health = resolve(
      document,
      document.paths['/admin/system/health'].get.responses['200'].content['application/json'].schema
        .properties.data,
    );
    expect(Object.keys(health!.properties!)).toEqual(
      expect.arrayContaining(['status', 'timestamp', 'issues', 'components', 'system']),
    );
  });

  it('answers 401 UNAUTHENTICATED to a signed-out visitor on every admin call', async () => {
    const visitor = server.client();
    await visitor.fetchCsrfToken();
    for (const route of routes) {
      const response = await call(visitor, route);
      expect(response.status, `${route.method} ${route.url}`).toBe(401);
      expect(response.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 403 FORBIDDEN to a signed-in plain user on every admin call', async () => {
    for (const route of routes) {
      const response = await call(user.client, route);
      expect(response.status, `${route.method} ${route.url}`).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
    }
  });

  it('lets an admin through every admin call (no 401 or 403)', async () => {
    for (const route of routes) {
      const response = await call(admin.client, route);
      expect([401, 403], `${route.method} ${route.url}: ${response.text.slice(0, 200)}`).not.toContain(
        response.status,
      );
      expect(response.status, `${route.method} ${route.url}`).toBeLessThan(500);
    }
  });

  it('also guards the tRPC path of the admin procedures', async () => {
    const visitor = await server.client().get('/trpc/admin.users');
    expect(visitor.status).toBe(401);
    const plain = await user.client.get('/trpc/admin.users');
    expect(plain.status).toBe(403);
    const allowed = await admin.client.get('/trpc/admin.users');
    expect(allowed.status).toBe(200);
    expect(allowed.body.result.data.data.some((u: { email: string }) => u.email === admin.email)).toBe(true);
  });
});
