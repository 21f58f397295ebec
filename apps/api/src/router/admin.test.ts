import { alerts, leagueConnections, sessions, simulations, users } from '@fm/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount, signedInAccount, type TestAccount } from '../../test/admin-accounts.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../test/harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayKey = (date: Date) => date.toISOString().slice(0, 10);

describe.each(DATABASE_KINDS)('admin API on %s', (kind) => {
  let server: TestServer;
  let admin: TestAccount;

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await signedInAccount(server, 'admin');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('counts users and simulations from the real tables, with zero-filled daily chart rows', async () => {
    const now = Date.now();
    await insertAccount(server, { createdAt: new Date(now - 2 * DAY_MS) });
    await insertAccount(server, { createdAt: new Date(now - 2 * DAY_MS) });
    const { db } = server.deps.database;
    await db.insert(simulations).values([
      { iterations: 10_000, durationMs: 12, createdAt: new Date(now - 3 * DAY_MS) },
      { iterations: 10_000, durationMs: 12, createdAt: new Date(now - DAY_MS) },
      { iterations: 10_000, durationMs: 12, createdAt: new Date(now) },
      { iterations: 10_000, durationMs: 12, createdAt: new Date(now) },
    ]);

    const metrics = await admin.client.get('/api/admin/metrics');
    expect(metrics.status).toBe(200);
    const totalUsers = (await db.select().from(users)).length;
    expect(metrics.body.data).toEqual({ totalUsers, totalSimulations: 4, avgSimulationsPerDay: 1 });

    const chart = await admin.client.get('/api/admin/chart-data?days=7');
    expect(chart.status).toBe(200);
    const rows = chart.body.data as Array<{
      date: string;
      newUsers: number;
      simulations: number;
      activeUsers: number;
    }>;
    expect(rows).toHaveLength(7);
    expect(rows[6]!.date).toBe(dayKey(new Date(now)));
    expect(rows.map((r) => r.date)).toEqual([...rows.map((r) => r.date)].sort());
    const byDate = new Map(rows.map((r) => [r.date, r]));
    expect(byDate.get(dayKey(new Date(now - 2 * DAY_MS)))!.newUsers).toBe(2);
    expect(byDate.get(dayKey(new Date(now - 3 * DAY_MS)))!.simulations).toBe(1);
    expect(byDate.get(dayKey(new Date(now)))!.simulations).toBe(2);
    expect(byDate.get(dayKey(new Date(now - 5 * DAY_MS)))).toEqual({
      date: dayKey(new Date(now - 5 * DAY_MS)),
      newUsers: 0,
      simulations: 0,
      activeUsers: 0,
    });
    // The admin logged in today through the real endpoint: a daily active user.
    expect(byDate.get(dayKey(new Date(now)))!.activeUsers).toBeGreaterThanOrEqual(1);

    const custom = await admin.client.get(
      `/api/admin/chart-data?startDate=${dayKey(new Date(now - 3 * DAY_MS))}&endDate=${dayKey(new Date(now - DAY_MS))}`,
    );
    expect(custom.body.data.map((r: { simulations: number }) => r.simulations)).toEqual([1, 0, 1]);
    const backwards = await admin.client.get('/api/admin/chart-data?startDate=2025-02-10&endDate=2025-02-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.code).toBe('VALIDATION_ERROR');
    expect(backwards.body.message).toMatch(/endDate/);
    const thirty = await admin.client.get('/api/admin/chart-data');
    expect(thirty.body.data).toHaveLength(30);
  });

  it('counts page views of signed-in users as daily activity', async () => {
    const user = await signedInAccount(server, 'user');
    const view = await user.client.post('/api/events/page-view', { path: '/projections?week=3' });
    expect(view.status).toBe(200);
    await server.deps.monitoring.flush();
    const events = [];
    for await (const event of server.deps.monitoring.eventStore.streamEvents({ types: ['page.view'] }))
      events.push(event);
    expect(events.at(-1)).toMatchObject({ userId: user.id, payload: { path: '/projections' } });
    const logins = await server.deps.monitoring.eventStore.countEvents({ types: ['auth.login'] });
    expect(logins).toBeGreaterThanOrEqual(2);
    const bad = await user.client.post('/api/events/page-view', { path: 'no-slash' });
    expect(bad.status).toBe(400);
  });

  it('lists users with id, email, role, status, verification, signup IP and join date', async () => {
    const listed = await insertAccount(server, { signupIp: '203.0.113.9' });
    const unverified = await insertAccount(server, { isEmailVerified: false });
    const response = await admin.client.get('/api/admin/users');
    expect(response.status).toBe(200);
    const item = response.body.data.find((u: { id: string }) => u.id === listed.id);
    expect(item).toMatchObject({
      id: listed.id,
      email: listed.email,
      role: 'user',
      isDisabled: false,
      emailVerified: true,
      signupIp: '203.0.113.9',
    });
    expect(new Date(item.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const waiting = response.body.data.find((u: { id: string }) => u.id === unverified.id);
    expect(waiting.emailVerified).toBe(false);
    expect(JSON.stringify(response.body)).not.toContain('passwordHash');
  });

  it('disabling a user revokes their sessions at once; enabling lets them log in again', async () => {
    const user = await signedInAccount(server, 'user');
    expect((await user.client.get('/api/auth/me')).status).toBe(200);
    const disabled = await admin.client.patch(`/api/admin/users/${user.id}/status`, { isDisabled: true });
    expect(disabled.status).toBe(200);
    expect(disabled.body.data).toMatchObject({ id: user.id, isDisabled: true });
    const after = await user.client.get('/api/auth/me');
    expect(after.status).toBe(401);
    expect(after.body).toEqual({
      code: 'TOKEN_REVOKED',
      message: 'This account has been disabled. Please contact support.',
      reason: 'account-disabled',
    });
    const rows = await server.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.every((s) => s.revokedAt !== null && s.revokedReason === 'account-disabled')).toBe(true);

    const enabled = await admin.client.patch(`/api/admin/users/${user.id}/status`, { isDisabled: false });
    expect(enabled.body.data.isDisabled).toBe(false);
    const again = await server
      .client()
      .post('/api/auth/login', { email: user.email, password: 'Touchdown!2024x' });
    expect(again.status).toBe(200);
  });

  it('an admin cannot disable or delete themself', async () => {
    const disable = await admin.client.patch(`/api/admin/users/${admin.id}/status`, { isDisabled: true });
    expect(disable.status).toBe(409);
    expect(disable.body).toMatchObject({ code: 'CANNOT_MODIFY_SELF' });
    expect(disable.body.message).toMatch(/cannot disable your own account/);
    const remove = await admin.client.delete(`/api/admin/users/${admin.id}`);
    expect(remove.status).toBe(409);
    expect(remove.body.message).toMatch(/cannot delete your own account/);
    expect((await admin.client.get('/api/auth/me')).status).toBe(200);
  });

  it('deleting a user removes the account, its connections, sessions and events', async () => {
    const user = await signedInAccount(server, 'user');
    const { db } = server.deps.database;
    await db
      .insert(leagueConnections)
      .values({ userId: user.id, platform: 'sleeper', externalUserId: '123', username: 'someone' });
    await user.client.post('/api/events/page-view', { path: '/' });
    const response = await admin.client.delete(`/api/admin/users/${user.id}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: user.id, email: user.email });
    expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(
      await db.select().from(leagueConnections).where(eq(leagueConnections.userId, user.id)),
    ).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const days = await server.deps.monitoring.eventStore.activeUsersByDay({});
    expect(days.flatMap((d) => d.userIds)).not.toContain(user.id);
    expect((await user.client.get('/api/auth/me')).status).toBe(401);
    const missing = await admin.client.delete(`/api/admin/users/${user.id}`);
    expect(missing.status).toBe(404);
  });

  it('lists alerts and lets an admin acknowledge and resolve them', async () => {
    const [row] = await server.deps.database.db
      .insert(alerts)
      .values({ type: 'high_error_rate', message: '12 server errors in the last 5 minutes.' })
      .returning();
    const listed = await admin.client.get('/api/admin/alerts');
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({
        id: row!.id,
        type: 'high_error_rate',
        status: 'active',
        message: row!.message,
      }),
    );
    const acknowledged = await admin.client.patch(`/api/admin/alerts/${row!.id}`, { status: 'acknowledged' });
    expect(acknowledged.body.data.status).toBe('acknowledged');
    const resolved = await admin.client.patch(`/api/admin/alerts/${row!.id}`, { status: 'resolved' });
    expect(resolved.body.data).toMatchObject({ status: 'resolved' });
    expect(resolved.body.data.resolvedAt).not.toBeNull();
    const invalid = await admin.client.patch(`/api/admin/alerts/${row!.id}`, { status: 'exploded' });
    expect(invalid.status).toBe(400);
    const unknown = await admin.client.patch('/api/admin/alerts/00000000-0000-4000-8000-000000000000', {
      status: 'resolved',
    });
    expect(unknown.status).toBe(404);
  });
});
