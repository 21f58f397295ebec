import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount, type TestAccount } from '../../test/admin-accounts.js';
import { EMBEDDED_DATABASE, startTestServer, type TestServer } from '../../test/harness.js';

const MINUTE_MS = 60_000;

describe.each(EMBEDDED_DATABASE)('monitoring under real load on %s', (kind) => {
  let server: TestServer;
  let admin: TestAccount;

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await signedInAccount(server, 'admin');
    await admin.client.fetchCsrfToken();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reflects traffic, errors by category and failed logins in /admin/system/* and raises alerts once', async () => {
    const visitor = server.client();
    await Promise.all(Array.from({ length: 150 }, () => visitor.get('/api/health')));
    await Promise.all(Array.from({ length: 40 }, (_, i) => visitor.get(`/api/no-such-page/${i}`)));
    await visitor.fetchCsrfToken();
    for (let i = 0; i < 12; i++)
      await visitor.post('/api/auth/login', {
        email: `nobody-${i}@example.com`,
        password: 'Wrong-password-1!',
      });
    await admin.client.get('/api/admin/chart-data?days=0');

    // Break a table the admin metrics read: every call now fails inside the database.
    const { db } = server.deps.database;
    await db.execute(sql`alter table simulations rename to simulations_moved`);
    try {
      for (let i = 0; i < 20; i++) {
        const failed = await admin.client.get('/api/admin/metrics');
        expect(failed.status).toBe(500);
        expect(failed.body.code).toBe('DATABASE_ERROR');
      }
    } finally {
      await db.execute(sql`alter table simulations_moved rename to simulations`);
    }

    const metrics = (await admin.client.get('/api/admin/system/metrics')).body.data;
    expect(metrics.metrics.performance.totalQueries).toBeGreaterThanOrEqual(220);
    expect(metrics.metrics.performance.averageResponseTime).toBeGreaterThan(0);
    expect(metrics.metrics.performance.queriesPerSecond).toBeGreaterThan(0);
    expect(metrics.metrics.connections.postgresql).toMatchObject({ status: 'healthy', readyState: 1 });
    expect(metrics.metrics.connections.mongodb).toMatchObject({ isConfigured: false, status: 'unknown' });
    expect(metrics.metrics.slowestEndpoints.length).toBeGreaterThan(0);

    const errors = (await admin.client.get('/api/admin/system/errors')).body.data;
    const byCategory = errors.summary.errorsByCategory;
    expect(byCategory.DATABASE_ERROR).toBe(20);
    expect(byCategory.CLIENT_ERROR).toBeGreaterThanOrEqual(40);
    expect(byCategory.AUTHENTICATION_ERROR).toBeGreaterThanOrEqual(12);
    expect(byCategory.VALIDATION_ERROR).toBeGreaterThanOrEqual(1);
    expect(errors.summary.totalErrors).toBe(
      Object.values(byCategory as Record<string, number>).reduce((a, b) => a + b, 0),
    );
    expect(errors.recentErrors).toHaveLength(10);
    expect(errors.recentErrors[0]).toMatchObject({
      type: 'DATABASE_ERROR',
      statusCode: 500,
      endpoint: 'GET /api/admin/metrics',
    });
    expect(errors.topErrors).toHaveLength(4); // 404s, failed logins, a validation error, database errors
    expect(errors.topErrors[0]).toMatchObject({ endpoint: 'GET /api/no-such-page/:id', count: 40 });
    expect(errors.trends).toHaveLength(13);
    expect(errors.trends.at(-1).count + errors.trends.at(-2).count).toBeGreaterThanOrEqual(70);
    expect(errors.errorFrequency).toHaveLength(24);
    expect(errors.criticalIndicators).toContainEqual(
      expect.objectContaining({ type: 'database_errors', severity: 'critical' }),
    );

    const health = (await admin.client.get('/api/admin/system/health')).body.data;
    expect(health.components.errors.status).toBe('critical');
    expect(health.status).toBe('critical');
    expect(health.issues.some((issue: string) => /server errors per minute/.test(issue))).toBe(true);
    expect(health.components.databases.postgresql.status).toBe('healthy');
    expect(health.system.uptime).toBeGreaterThanOrEqual(0);

    const resources = (await admin.client.get('/api/admin/system/resources')).body.data;
    expect(resources.memory.heap.used).toBeGreaterThan(0);
    expect(resources.memory.system.usagePercentage).toBeGreaterThan(0);
    expect(resources.memory.rss).toBeGreaterThan(resources.memory.heap.used / 2);
    expect(resources.cpu.cpuCount).toBeGreaterThan(0);
    expect(resources.cpu.loadAverage).toHaveLength(3);
    expect(resources.disk.available).toBeGreaterThan(0);
    expect(resources.uptime.processFormatted).toMatch(/\d+[smhd]/);
    expect(Array.isArray(resources.recommendations)).toBe(true);

    const first = await server.deps.alerts.evaluate();
    const raisedTypes = first.raised.map((alert) => alert.type);
    expect(raisedTypes).toContain('high_error_rate');
    expect(raisedTypes).toContain('failed_login_burst');
    const second = await server.deps.alerts.evaluate();
    expect(second.conditions.map((c) => c.type)).toContain('high_error_rate');
    expect(second.raised).toEqual([]);

    const listed = (await admin.client.get('/api/admin/alerts')).body.data as Array<{
      id: string;
      type: string;
      status: string;
    }>;
    const errorAlert = listed.find((alert) => alert.type === 'high_error_rate')!;
    expect(errorAlert.status).toBe('active');
    await admin.client.patch(`/api/admin/alerts/${errorAlert.id}`, { status: 'resolved' });
    // Resolved while the errors are still in the window: not raised again for the same episode.
    expect((await server.deps.alerts.evaluate()).raised).toEqual([]);
    // Ten minutes on, the window is clean: the condition has cleared.
    const later = await server.deps.alerts.evaluate(new Date(Date.now() + 10 * MINUTE_MS));
    expect(later.conditions.map((c) => c.type)).not.toContain('high_error_rate');
    // Back in the present, the errors are there again: a new episode raises a new alert.
    const again = await server.deps.alerts.evaluate();
    expect(again.raised.map((alert) => alert.type)).toContain('high_error_rate');
    const afterAgain = (await admin.client.get('/api/admin/alerts')).body.data as Array<{ type: string }>;
    expect(afterAgain.filter((alert) => alert.type === 'high_error_rate')).toHaveLength(2);
  });
});

describe.each(EMBEDDED_DATABASE)('one bad event among others on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps the failed-login events written in the same batch as a page view the database refuses', async () => {
    const { eventStore } = server.deps.monitoring;
    const visitor = server.client();
    await visitor.fetchCsrfToken();
    // a NUL byte is valid JSON but PostgreSQL refuses it in jsonb: that one row cannot be stored
    const pageView = visitor.post('/api/events/page-view', { path: '/x\u0000' });
    const logins = [0, 1, 2].map((i) =>
      visitor.post('/api/auth/login', { email: `guess-${i}@example.com`, password: 'Wrong-password-1!' }),
    );
    const answers = await Promise.all([pageView, ...logins]);
    expect(answers.slice(1).map((answer) => answer.status)).toEqual([401, 401, 401]);
    await server.deps.monitoring.flush();

    expect(await eventStore.countEvents({ types: ['auth.login_failed'] })).toBe(3);
  });
});

describe('visitors’ session checks', () => {
  let server: TestServer;
  let admin: TestAccount;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    admin = await signedInAccount(server, 'admin');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('counts each anonymous "who is signed in?" 401 apart, never as an authentication error', async () => {
    const { requests } = server.deps.monitoring;
    const errorsBefore = requests.snapshot(5).errors;
    const visitor = server.client();
    for (let i = 0; i < 30; i++) expect((await visitor.get('/api/auth/me')).status).toBe(401);
    expect(requests.snapshot(5).errors).toBe(errorsBefore);
    await visitor.fetchCsrfToken();
    const failedLogin = await visitor.post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'Wrong-password-1!',
    });
    expect(failedLogin.status).toBe(401);

    const errors = (await admin.client.get('/api/admin/system/errors')).body.data;
    expect(errors.summary.errorsByCategory.AUTHENTICATION_ERROR).toBe(1);
    expect(errors.summary.totalErrors).toBe(1);
    expect(errors.criticalIndicators).toEqual([]);

    const health = (await admin.client.get('/api/admin/system/health')).body.data;
    expect(health.components.errors.metrics.signedOutChecks).toBe(30);
    expect(health.components.errors.status).toBe('healthy');
  });
});
