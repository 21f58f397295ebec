import { sessions, users } from '@fm/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pathOf,
  registerVerifiedUser,
  signedInClient,
  STRONG_PASSWORD,
  uniqueEmail,
  waitForMailTo,
} from '../../test/accounts.js';
import { EMBEDDED_DATABASE, startMailingTestServer, type MailingTestServer } from '../../test/harness.js';
import { REGISTRATION_SUCCESS_MESSAGE } from '../services/auth/registration.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(EMBEDDED_DATABASE)('registration, verification, login and sessions on %s', (kind) => {
  let server: MailingTestServer;
  beforeAll(async () => {
    server = await startMailingTestServer(kind, { APP_URL: 'http://app.example.test' });
  });
  afterAll(() => server?.stop());

  it('registers, refuses login until the mailed link is followed, then logs in with a remembered session', async () => {
    const email = uniqueEmail('flow');
    const client = server.client();
    const registered = await client.post('/api/auth/register', { email, password: STRONG_PASSWORD });
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual({ data: { message: REGISTRATION_SUCCESS_MESSAGE } });

    const mail = await waitForMailTo(server.smtp, email, 'Verify');
    expect(mail.links[0]).toMatch(/^http:\/\/app\.example\.test\/api\/auth\/verify-email\?token=[\w-]{40,}$/);
    expect(mail.html).toContain(mail.links[0]!);

    const early = await client.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('EMAIL_NOT_VERIFIED');
    expect(early.body.message.toLowerCase()).toContain('verify your email');

    const verified = await client.get(pathOf(mail.links[0]!));
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/login?verified=true');

    const login = await client.post('/api/auth/login', {
      email,
      password: STRONG_PASSWORD,
      rememberMe: true,
    });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      user: {
        id: expect.any(String),
        email,
        role: 'user',
        hasLinkedLeagues: false,
        isDisabled: false,
        emailVerified: true,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('fm_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie)![1]!);
    expect(expires - Date.now()).toBeGreaterThan(29 * DAY_MS);
    expect(expires - Date.now()).toBeLessThan(31 * DAY_MS);

    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ data: login.body.user });
  });

  it('treats a verification link opened twice as verified, and a bad link as an error on the login page', async () => {
    const email = uniqueEmail('twice');
    const client = server.client();
    await client.post('/api/auth/register', { email, password: STRONG_PASSWORD });
    const mail = await waitForMailTo(server.smtp, email, 'Verify');
    await client.get(pathOf(mail.links[0]!));
    const again = await client.get(pathOf(mail.links[0]!));
    expect(again.headers.get('location')).toBe('/login?verified=true');
    const bad = await client.get('/api/auth/verify-email?token=not-a-real-token');
    expect(bad.status).toBe(302);
    const location = new URL(bad.headers.get('location')!, 'http://x');
    expect(location.pathname).toBe('/login');
    // A code the login page maps to its sentence: a URL never carries text for the page to show.
    expect(location.searchParams.get('error')).toBe('invalid-verification-link');
  });

  it('gives a browser-session cookie without remember me, ended by the server after 12 hours', async () => {
    const email = await registerVerifiedUser(server);
    const client = server.client();
    const login = await client.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('fm_session='))!;
    expect(cookie).not.toMatch(/Expires|Max-Age/i);
    const { db } = server.deps.database;
    const [row] = await db.select().from(sessions).where(eq(sessions.userId, login.body.user.id));
    expect(row!.isPersistent).toBe(false);
    const lifetimeHours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
    expect(lifetimeHours).toBeCloseTo(12, 5);

    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, row!.id));
    await server.deps.sessionCache.forgetAll(); // a direct database edit, which no process announces
    const expired = await client.get('/api/auth/me');
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('SESSION_EXPIRED');
  });

  it('answers the session check 200 either way: null for a visitor or an ended session, the user when signed in', async () => {
    const visitor = await server.client().get('/api/auth/session');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ data: null });
    const unknownCookie = server.client();
    unknownCookie.cookies.set('fm_session', 'not-a-session');
    expect((await unknownCookie.get('/api/auth/session')).body).toEqual({ data: null });

    const email = await registerVerifiedUser(server);
    const client = await signedInClient(server, email);
    const signedIn = await client.get('/api/auth/session');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toEqual((await client.get('/api/auth/me')).body.data);

    const ended = client.cookies.get('fm_session')!;
    await client.post('/api/auth/logout', {});
    client.cookies.set('fm_session', ended); // a tab that still holds the ended session's cookie
    expect((await client.get('/api/auth/me')).status).toBe(401);
    const afterLogout = await client.get('/api/auth/session');
    expect(afterLogout.status).toBe(200);
    expect(afterLogout.body).toEqual({ data: null });
  });

  it('lower-cases the e-mail, so any casing logs in to the same account', async () => {
    const email = uniqueEmail('Mixed.Case').replace('@example.com', '@Example.COM');
    await registerVerifiedUser(server, email);
    const client = await signedInClient(server, email.toLowerCase());
    const me = await client.get('/api/auth/me');
    expect(me.body.data.email).toBe(email.toLowerCase());
    const again = await signedInClient(server, email.toUpperCase());
    expect((await again.get('/api/auth/me')).body.data.id).toBe(me.body.data.id);
  });

  it('enforces the password and e-mail rules on the server', async () => {
    const client = server.client();
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ email: uniqueEmail(), password: 'Short1!' }, 'password', /at least 12 characters/],
      [{ email: uniqueEmail(), password: 'alllowercase1!x' }, 'password', /uppercase/],
      [{ email: uniqueEmail(), password: 'ALLUPPERCASE1!X' }, 'password', /lowercase/],
      [{ email: uniqueEmail(), password: 'NoDigitsHere!!x' }, 'password', /number/],
      [{ email: uniqueEmail(), password: 'NoSpecial12345x' }, 'password', /special character/],
      [{ email: uniqueEmail(), password: 'Special#only1Xx' }, 'password', /special character/],
      [
        { email: 'not-an-email', password: STRONG_PASSWORD },
        'email',
        /^Please provide a valid email address$/,
      ],
      [{ email: '', password: STRONG_PASSWORD }, 'email', /^Email and password are required$/],
      [{ email: uniqueEmail() }, 'password', /^Email and password are required$/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await client.post('/api/auth/register', payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.field).toBe(field);
      expect(response.body.message).toMatch(message);
    }
  });

  it('accepts any other printable characters in a password, as generated passwords have them', async () => {
    for (const password of ['x#Y^9~&k_P-q=+[]{}|;:,."', 'Ünïcödé pässwörd 1!', 'Touchdown!2024🏈 #']) {
      const email = await registerVerifiedUser(server, uniqueEmail('symbols'), password);
      const client = await signedInClient(server, email, password);
      expect((await client.get('/api/auth/me')).status).toBe(200);
    }
  });

  it('ends the session at logout; its cookie then answers TOKEN_REVOKED', async () => {
    const email = await registerVerifiedUser(server);
    const client = await signedInClient(server, email);
    const token = client.cookies.get('fm_session')!;
    const logout = await client.post('/api/auth/logout', {});
    expect(logout.status).toBe(200);
    expect(client.cookies.has('fm_session')).toBe(false);
    const anonymous = await client.get('/api/auth/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('UNAUTHENTICATED');
    const replay = await server.client().get('/api/auth/me', { headers: { cookie: `fm_session=${token}` } });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('TOKEN_REVOKED');
  });

  it('opens a new session at every login and records login, activity and signup IP', async () => {
    const email = await registerVerifiedUser(server);
    const first = await signedInClient(server, email);
    const second = await signedInClient(server, email);
    expect(first.cookies.get('fm_session')).not.toBe(second.cookies.get('fm_session'));
    const { db } = server.deps.database;
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user!.signupIp).toBe('127.0.0.1');
    expect(user!.lastLoginAt).toBeInstanceOf(Date);

    const longAgo = new Date(Date.now() - 10 * 60_000);
    await db.update(users).set({ lastActiveAt: longAgo }).where(eq(users.id, user!.id));
    await db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.userId, user!.id));
    await server.deps.sessionCache.forgetAll(); // a direct database edit, which no process announces
    await first.get('/api/auth/me');
    const [after] = await db.select().from(users).where(eq(users.id, user!.id));
    expect(after!.lastActiveAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("ends the browser's previous session when it logs in again", async () => {
    const email = await registerVerifiedUser(server);
    const client = await signedInClient(server, email);
    const first = client.cookies.get('fm_session')!;
    await client.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(client.cookies.get('fm_session')).not.toBe(first);
    const replay = await server.client().get('/api/auth/me', { headers: { cookie: `fm_session=${first}` } });
    expect(replay.body.code).toBe('TOKEN_REVOKED');
  });

  it('answers 401 UNAUTHENTICATED without a cookie and with an unknown one', async () => {
    const none = await server.client().get('/api/auth/me');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('UNAUTHENTICATED');
    const unknown = await server.client().get('/api/auth/me', { headers: { cookie: 'fm_session=forged' } });
    expect(unknown.body.code).toBe('UNAUTHENTICATED');
  });

  it('reports hasLinkedLeagues once a league connection exists', async () => {
    const email = await registerVerifiedUser(server);
    const client = await signedInClient(server, email);
    const me = await client.get('/api/auth/me');
    const { leagueConnections } = await import('@fm/db');
    await server.deps.database.db
      .insert(leagueConnections)
      .values({ userId: me.body.data.id, platform: 'sleeper', externalUserId: '123', username: 'someone' });
    await server.deps.sessionCache.forgetAll(); // a direct database edit, which no process announces
    expect((await client.get('/api/auth/me')).body.data.hasLinkedLeagues).toBe(true);
    const login = await client.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(login.body.user.hasLinkedLeagues).toBe(true);
  });

  it('documents every account path in the OpenAPI document', async () => {
    const document = await server.client().get('/api/openapi.json');
    const paths = document.body.paths as Record<string, Record<string, unknown>>;
    const documented = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented).toEqual(
      expect.arrayContaining([
        'POST /auth/register',
        'POST /auth/login',
        'POST /auth/resend-verification',
        'POST /auth/logout',
        'GET /auth/me',
        'POST /auth/forgot-password',
        'POST /auth/reset-password',
        'GET /auth/csrf-token',
        'DELETE /user/me',
      ]),
    );
  });

  it('answers the same tRPC procedures at /trpc', async () => {
    const email = await registerVerifiedUser(server);
    const client = await signedInClient(server, email);
    const me = await client.get('/trpc/auth.me');
    expect(me.status).toBe(200);
    expect(me.body.result.data.data.email).toBe(email);
    const anonymous = await server.client().get('/trpc/auth.me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.data.appCode).toBe('UNAUTHENTICATED');
  });
});
