import { notifications, pushSubscriptions, users } from '@fm/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerVerifiedUser,
  signedInClient,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../../../test/accounts.js';
import {
  decryptPush,
  startFakePushService,
  verifyVapid,
  type FakePushService,
} from '../../../test/fakes/push-service.js';
import {
  DATABASE_KINDS,
  startMailingTestServer,
  type MailingTestServer,
  type TestClient,
} from '../../../test/harness.js';
import { createNotificationQueue } from './queue.js';
import { recordNotifications, type NotificationEvent } from './record.js';
import { unsubscribeToken } from './unsubscribe.js';

const ALL_OFF = { push: false, email: false };
const ADMIN = 'admin-notify@example.com';
const kindsWith = (changes: Record<string, { push: boolean; email: boolean }>) => ({
  starter_out: ALL_OFF,
  final_result: ALL_OFF,
  weekly_digest: ALL_OFF,
  close_game: ALL_OFF,
  ...changes,
});

describe.each(DATABASE_KINDS)('notifications (%s)', (kind) => {
  let server: MailingTestServer;
  let pushService: FakePushService;

  beforeAll(async () => {
    pushService = await startFakePushService();
    server = await startMailingTestServer(kind, {
      PUSH_ENDPOINT_ALLOW: pushService.origin,
      ADMIN_EMAIL: ADMIN,
      ADMIN_PASSWORD: STRONG_PASSWORD,
    });
  }, 900_000);
  afterAll(async () => {
    await server?.stop();
    await pushService?.close();
  });

  async function member(): Promise<{ client: TestClient; email: string; userId: string }> {
    const email = await registerVerifiedUser(server, uniqueEmail('notify'));
    const client = await signedInClient(server, email);
    const [row] = await server.deps.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    return { client, email, userId: row!.id };
  }

  const starterOut = (userId: string, subject = 'player:1:0'): NotificationEvent => ({
    userId,
    kind: 'starter_out',
    subject,
    season: 2025,
    week: 1,
    title: 'Saquon Barkley is out',
    body: 'Saquon Barkley (RB, PHI) is Out. Start Bijan Robinson: +12% to win.',
    url: '/simulate/dakeif/2025/1?replace=4866&with=9509',
    expiresAt: new Date(Date.now() + 60 * 60_000),
    topicKey: `starter_out:${subject}`,
  });

  it('has every kind off until the person turns one on, and saves what they choose', async () => {
    const { client } = await member();
    const before = await client.get('/api/user/me/notifications');
    expect(before.status).toBe(200);
    expect(before.body.kinds).toEqual(kindsWith({}));

    const kinds = kindsWith({
      starter_out: { push: true, email: false },
      final_result: { push: true, email: true },
    });
    const saved = await client.put('/api/user/me/notifications', {
      kinds,
      quiet_hours: { start: '22:00', end: '07:00' },
      time_zone: 'America/New_York',
    });
    expect(saved.status).toBe(200);
    const after = await client.get('/api/user/me/notifications');
    expect(after.body).toMatchObject({
      kinds,
      quiet_hours: { start: '22:00', end: '07:00' },
      time_zone: 'America/New_York',
    });
  });

  it('refuses an unknown kind with a clear error and changes nothing', async () => {
    const { client } = await member();
    const refused = await client.put('/api/user/me/notifications', {
      kinds: {
        ...kindsWith({ starter_out: { push: true, email: true } }),
        waiver_alert: { push: true, email: true },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    expect((await client.get('/api/user/me/notifications')).body.kinds).toEqual(kindsWith({}));
  });

  it('answers the VAPID public key, the same one it signs with', async () => {
    const answer = await server.client().get('/api/push/public-key');
    expect(answer.status).toBe(200);
    expect(answer.body.key).toBe(server.config.vapid.publicKey);
    expect(Buffer.from(answer.body.key as string, 'base64url')).toHaveLength(65);
  });

  it('refuses a subscription outside the allowed push services, without keys or with bad keys', async () => {
    const { client, userId } = await member();
    const browser = pushService.subscribe();
    const elsewhere = await client.post('/api/user/me/push-subscriptions', {
      endpoint: 'https://attacker.example/push/1',
      keys: browser.keys,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.code).toBe('VALIDATION_ERROR');
    expect(elsewhere.body.message).toMatch(/push service/);
    const keyless = await client.post('/api/user/me/push-subscriptions', { endpoint: browser.endpoint });
    expect(keyless.status).toBe(400);
    expect(keyless.body.code).toBe('VALIDATION_ERROR');
    const badKey = await client.post('/api/user/me/push-subscriptions', {
      endpoint: browser.endpoint,
      keys: { p256dh: 'A'.repeat(87), auth: browser.keys.auth },
    });
    expect(badKey.status).toBe(400);
    const held = await server.deps.database.db
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    expect(held[0]!.n).toBe(0);
  });

  it('pushes an encrypted, VAPID-signed message the browser decrypts to {kind, title, body, url}', async () => {
    const { client, userId } = await member();
    const browser = pushService.subscribe();
    const subscribed = await client.post('/api/user/me/push-subscriptions', {
      endpoint: browser.endpoint,
      keys: browser.keys,
    });
    expect(subscribed.status).toBe(201);
    await client.put('/api/user/me/notifications', {
      kinds: kindsWith({ starter_out: { push: true, email: false } }),
    });
    const before = pushService.received.length;

    expect(await recordNotifications(server.deps, [starterOut(userId)])).toBe(1);
    await server.deps.notifications.flush();

    const push = pushService.received
      .slice(before)
      .find((request) => request.path === new URL(browser.endpoint).pathname)!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(decryptPush(push.body, browser)).toEqual({
      kind: 'starter_out',
      title: 'Saquon Barkley is out',
      body: 'Saquon Barkley (RB, PHI) is Out. Start Bijan Robinson: +12% to win.',
      url: '/simulate/dakeif/2025/1?replace=4866&with=9509',
    });
    expect(
      verifyVapid(push.headers.authorization, server.config.vapid.publicKey, pushService.origin).sub,
    ).toMatch(/^mailto:/);
    // kept until kickoff at most (an hour here), and replaced by a newer message about the same player
    expect(Number(push.headers.ttl)).toBeGreaterThan(3_500);
    expect(Number(push.headers.ttl)).toBeLessThanOrEqual(3_600);
    expect(push.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('sends once when the same event is decided again and two queues work at the same time', async () => {
    const { client, userId } = await member();
    const browser = pushService.subscribe();
    await client.post('/api/user/me/push-subscriptions', { endpoint: browser.endpoint, keys: browser.keys });
    await client.put('/api/user/me/notifications', {
      kinds: kindsWith({ starter_out: { push: true, email: false } }),
    });
    const path = new URL(browser.endpoint).pathname;

    const event = starterOut(userId, 'player:2:0');
    expect(await recordNotifications(server.deps, [event])).toBe(1);
    expect(await recordNotifications(server.deps, [event])).toBe(0);
    const other = createNotificationQueue({ ...server.deps, log: server.deps.log });
    await Promise.all([server.deps.notifications.flush(), other.flush()]);
    await other.stop();
    expect(pushService.received.filter((request) => request.path === path)).toHaveLength(1);
  });

  it('keeps a push the service failed and sends it at the retry; forgets a browser the service calls gone', async () => {
    const { client, userId } = await member();
    const flaky = pushService.subscribe();
    const gone = pushService.subscribe();
    for (const browser of [flaky, gone]) {
      await client.post('/api/user/me/push-subscriptions', {
        endpoint: browser.endpoint,
        keys: browser.keys,
      });
    }
    await client.put('/api/user/me/notifications', {
      kinds: kindsWith({ starter_out: { push: true, email: false } }),
    });
    pushService.answer(flaky.endpoint, 503);
    pushService.answer(gone.endpoint, 410);

    await recordNotifications(server.deps, [starterOut(userId, 'player:3:0')]);
    await server.deps.notifications.flush();
    const { db } = server.deps.database;
    const [waiting] = await db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(waiting).toMatchObject({ status: 'waiting', attempts: 1, lastError: 'push service answered 503' });
    expect(waiting!.runAfter.getTime()).toBeGreaterThan(Date.now());
    const endpoints = (
      await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
    ).map((row) => row.endpoint);
    expect(endpoints).toEqual([flaky.endpoint]);

    // the service is back; the back-off has passed
    pushService.answer(flaky.endpoint, 201);
    await db.update(notifications).set({ runAfter: new Date() }).where(eq(notifications.id, waiting!.id));
    await server.deps.notifications.flush();
    const [sent] = await db.select().from(notifications).where(eq(notifications.id, waiting!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    const delivered = pushService.received.filter(
      (request) => request.path === new URL(flaky.endpoint).pathname,
    );
    expect(delivered).toHaveLength(1);
    expect(decryptPush(delivered[0]!.body, flaky)).toMatchObject({ title: 'Saquon Barkley is out' });
  });

  it('mails with a one-click unsubscribe that needs no sign-in; a stale or forged link changes nothing', async () => {
    const { client, email, userId } = await member();
    await client.put('/api/user/me/notifications', {
      kinds: kindsWith({ starter_out: { push: false, email: true } }),
    });
    await recordNotifications(server.deps, [starterOut(userId, 'player:4:0')]);
    await server.deps.notifications.flush();
    const mail = await server.smtp.waitForMail(
      (m) => m.to.includes(email) && m.subject === 'Saquon Barkley is out',
    );
    expect(mail.text).toContain('Saquon Barkley (RB, PHI) is Out. Start Bijan Robinson: +12% to win.');
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(.+)>$/.exec(mail.headers.get('list-unsubscribe') ?? '')![1]!;
    const path = `${new URL(link).pathname}${new URL(link).search}`;

    const stranger = server.client(); // no cookies, no CSRF token: as a mail client posts it
    const stale = unsubscribeToken(
      server.config.sessionSecret,
      userId,
      'starter_out',
      new Date(Date.now() - 61 * 86_400_000),
    );
    const staleAnswer = await stranger.request(
      'POST',
      `/api/notifications/unsubscribe?token=${stale}`,
      'List-Unsubscribe=One-Click',
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(staleAnswer.status).toBe(400);
    expect(staleAnswer.body).toMatchObject({
      code: 'INVALID_TOKEN',
      message: expect.stringMatching(/more than 60 days old/),
    });
    const forged = await stranger.request(
      'POST',
      `${path.replace(/token=[^.]+/, 'token=eyJ1Ijoib3RoZXIifQ')}`,
      'List-Unsubscribe=One-Click',
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('INVALID_TOKEN');
    expect((await client.get('/api/user/me/notifications')).body.kinds.starter_out).toEqual({
      push: false,
      email: true,
    });

    const done = await stranger.request('POST', path, 'List-Unsubscribe=One-Click', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status).toBe(200);
    expect(done.body.data.message).toMatch(/no longer get starter out e-mails/);
    expect((await client.get('/api/user/me/notifications')).body.kinds.starter_out).toEqual({
      push: false,
      email: false,
    });
  });

  it('holds a notification decided in quiet hours until they end', async () => {
    const { client, userId } = await member();
    await client.put('/api/user/me/notifications', {
      kinds: kindsWith({ starter_out: { push: false, email: true } }),
      quiet_hours: { start: '00:00', end: '23:59' },
      time_zone: 'UTC',
    });
    const decidedAt = new Date('2025-09-07T12:00:00Z');
    await recordNotifications(
      server.deps,
      [{ ...starterOut(userId, 'player:5:0'), expiresAt: new Date('2025-09-08T12:00:00Z') }],
      decidedAt,
    );
    const [row] = await server.deps.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId));
    expect(row!.runAfter.toISOString()).toBe('2025-09-07T23:59:00.000Z');
  });

  it('sends nothing about a muted league', async () => {
    const { client, userId } = await member();
    await client.put('/api/user/me/notifications', {
      kinds: kindsWith({ starter_out: { push: false, email: true } }),
    });
    const muted = await client.put('/api/user/me/notifications/leagues', {
      platform: 'sleeper',
      league_id: 'L1',
      muted: true,
    });
    expect(muted.body.muted_leagues).toEqual([{ platform: 'sleeper', league_id: 'L1' }]);
    const event = { ...starterOut(userId, 'player:6:0'), league: { platform: 'sleeper', leagueId: 'L1' } };
    expect(await recordNotifications(server.deps, [event])).toBe(0);
    expect(
      await recordNotifications(server.deps, [{ ...event, league: { platform: 'sleeper', leagueId: 'L2' } }]),
    ).toBe(1);
  });

  it('shows admins what was sent, what failed and what waits, by kind and channel', async () => {
    const { client } = await member();
    const refused = await client.get('/api/admin/system/notifications');
    expect(refused.status).toBe(403);
    await server.deps.notifications.flush();
    const admin = await signedInClient(server, ADMIN);
    const answer = await admin.get('/api/admin/system/notifications');
    expect(answer.status).toBe(200);
    const row = (channel: string) =>
      answer.body.data.find(
        (entry: { kind: string; channel: string }) =>
          entry.kind === 'starter_out' && entry.channel === channel,
      );
    // the tests above: three pushes sent (one after a retry); two mails sent, and the quiet-hours one decided in
    // 2025 expired before its quiet hours ended
    expect(row('push')).toMatchObject({ sent: 3, failed: 0, waiting: 0 });
    expect(row('email')).toMatchObject({ sent: 2, failed: 1, waiting: 0 });
  });
});
