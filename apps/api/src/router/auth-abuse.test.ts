import { users } from '@fm/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerVerifiedUser,
  signedInClient,
  STRONG_PASSWORD,
  uniqueEmail,
  waitForMailTo,
} from '../../test/accounts.js';
import {
  EMBEDDED_DATABASE,
  startMailingTestServer,
  type TestClient,
  type TestResponse,
  type MailingTestServer,
} from '../../test/harness.js';
import { insertAccount } from '../../test/admin-accounts.js';
import { AddressedClient } from '../../test/raw-http.js';
import { LOGIN_SUCCESSES_PER_ADDRESS } from '../services/auth/login-throttle.js';
import { MAX_SESSIONS_PER_ACCOUNT } from '../services/auth/session-cap.js';
import { ACCOUNT_MAILS_PER_ADDRESS } from '../services/mail/account-mail-limits.js';

describe.each(EMBEDDED_DATABASE)('hostile use of the account API on %s', (kind) => {
  let server: MailingTestServer;
  const responses: TestResponse[] = [];
  const record = async (pending: Promise<TestResponse>) => {
    const response = await pending;
    responses.push(response);
    return response;
  };

  beforeAll(async () => {
    server = await startMailingTestServer(kind);
  });
  afterAll(() => server?.stop());

  it('refuses writes without the CSRF token with 403, and creates nothing', async () => {
    const email = uniqueEmail('csrf');
    const client = server.client();
    const register = await client.request('POST', '/api/auth/register', { email, password: STRONG_PASSWORD });
    expect(register.status).toBe(403);
    expect(register.body.code).toBe('CSRF_INVALID');
    const [row] = await server.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toBeUndefined();
  });

  it('answers a second registration of an address exactly like the first, and tells the owner by mail', async () => {
    const email = await registerVerifiedUser(server);
    const fresh = await record(
      server.client().post('/api/auth/register', { email: uniqueEmail(), password: STRONG_PASSWORD }),
    );
    const taken = await record(
      server.client().post('/api/auth/register', { email, password: 'Different$Pass1x' }),
    );
    expect(taken.status).toBe(fresh.status);
    expect(taken.text).toBe(fresh.text);
    const notice = await waitForMailTo(server.smtp, email, 'already have');
    expect(notice.text).toMatch(/account already exists/);
    // The original password still works: the second registration changed nothing.
    await signedInClient(server, email);
  });

  it('answers resend-verification the same for unknown, unverified and verified addresses', async () => {
    const verified = await registerVerifiedUser(server);
    const pending = uniqueEmail('pending');
    await server.client().post('/api/auth/register', { email: pending, password: STRONG_PASSWORD });
    await waitForMailTo(server.smtp, pending, 'Verify');
    const before = server.smtp.mails.length;
    const answers = await Promise.all(
      [uniqueEmail('ghost'), pending, verified].map((email) =>
        record(server.client().post('/api/auth/resend-verification', { email })),
      ),
    );
    expect(new Set(answers.map((a) => `${a.status} ${a.text}`)).size).toBe(1);
    expect(answers[0]!.body.data.message).toMatch(/new verification link/);
    await waitForMailTo(server.smtp, pending, 'Verify', before);
    await server.deps.accountMails.flush();
    expect(server.smtp.mails.slice(before).map((m) => m.to[0])).toEqual([pending]);
  });

  it('sends an address at most its share of verification re-sends, answering every request alike', async () => {
    const email = uniqueEmail('resend');
    await server.client().post('/api/auth/register', { email, password: STRONG_PASSWORD });
    const answers = new Set<string>();
    for (let i = 0; i <= ACCOUNT_MAILS_PER_ADDRESS.points; i += 1) {
      const answer = await server.client().post('/api/auth/resend-verification', { email });
      answers.add(`${answer.status} ${answer.text}`);
    }
    expect([...answers]).toHaveLength(1);
    expect([...answers][0]).toMatch(/^200 /);
    await server.deps.accountMails.flush();
    expect(server.smtp.mails.filter((mail) => mail.to.includes(email))).toHaveLength(
      ACCOUNT_MAILS_PER_ADDRESS.points,
    );
  });

  it('says only "Invalid email or password." for an unknown address and for a wrong password', async () => {
    const email = await registerVerifiedUser(server);
    const unknown = await record(
      server.client().post('/api/auth/login', { email: uniqueEmail(), password: STRONG_PASSWORD }),
    );
    const wrong = await record(
      server.client().post('/api/auth/login', { email, password: 'Wrong$Password1' }),
    );
    expect(unknown.status).toBe(401);
    expect(unknown.text).toBe(wrong.text);
  });

  it('tells a disabled account so only after the right password, and revokes its open sessions', async () => {
    const email = await registerVerifiedUser(server);
    const client = await signedInClient(server, email);
    await server.deps.database.db.update(users).set({ isDisabled: true }).where(eq(users.email, email));
    await server.deps.sessionCache.forgetAll(); // a direct database edit, which no process announces
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('TOKEN_REVOKED');
    const wrong = await server.client().post('/api/auth/login', { email, password: 'Wrong$Password1' });
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    const right = await record(server.client().post('/api/auth/login', { email, password: STRONG_PASSWORD }));
    expect(right.status).toBe(403);
    expect(right.body.code).toBe('ACCOUNT_DISABLED');
  });

  it('keeps at most the newest sessions of an account open, ending the oldest first', async () => {
    const { email } = await insertAccount(server);
    const devices: TestClient[] = [];
    for (let i = 0; i <= MAX_SESSIONS_PER_ACCOUNT; i += 1) devices.push(await signedInClient(server, email));
    const oldest = await devices[0]!.get('/api/auth/me');
    expect(oldest.status).toBe(401);
    expect(oldest.body).toMatchObject({ code: 'TOKEN_REVOKED', reason: 'session-limit' });
    for (const device of devices.slice(1)) expect((await device.get('/api/auth/me')).status).toBe(200);
  });

  it('limits successful logins from one address, and not from another', async () => {
    const { email } = await insertAccount(server);
    const script = new AddressedClient(server.url, '127.0.30.1');
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_SUCCESSES_PER_ADDRESS.points; i += 1) {
      statuses.push((await script.post('/api/auth/login', { email, password: STRONG_PASSWORD })).status);
    }
    expect(statuses).toEqual([...Array(LOGIN_SUCCESSES_PER_ADDRESS.points).fill(200), 429]);
    const other = new AddressedClient(server.url, '127.0.30.2');
    expect((await other.post('/api/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
  });

  it("keeps a client's X-Request-Id only when it is well-formed", async () => {
    const wellFormed = '0f8fe3c2-6b1e-4c8a-9d2e-3f1a2b3c4d5e';
    const kept = await server.client().get('/api/health', { headers: { 'x-request-id': wellFormed } });
    expect(kept.headers.get('x-request-id')).toBe(wellFormed);
    for (const hostile of ['forged id" level=fatal', 'x'.repeat(65), '<script>', 'a\tb']) {
      const answer = await server.client().get('/api/health', { headers: { 'x-request-id': hostile } });
      const id = answer.headers.get('x-request-id');
      expect(id).not.toBe(hostile);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: guesses count against the socket address', async () => {
    const { email } = await insertAccount(server);
    const from = (forwardedFor: string) =>
      server
        .client()
        .post(
          '/api/auth/login',
          { email, password: 'Wrong$Guess1xx' },
          { headers: { 'x-forwarded-for': forwardedFor } },
        );
    for (let i = 0; i < 5; i += 1) expect((await from(`203.0.113.${i + 1}`)).status).toBe(401);
    expect((await from('203.0.113.99')).status).toBe(429);
  });

  it('never puts a password hash in any answer', async () => {
    const email = await registerVerifiedUser(server);
    const client = server.client();
    responses.push(await client.post('/api/auth/login', { email, password: STRONG_PASSWORD }));
    responses.push(await client.get('/api/auth/me'));
    responses.push(await client.get('/trpc/auth.me'));
    for (const response of responses) {
      expect(response.text).not.toContain('$argon2');
      expect(response.text).not.toMatch(/passwordHash|password_hash|tokenHash/);
    }
    expect(responses.length).toBeGreaterThan(10);
  });
});
