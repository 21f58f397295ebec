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
import { startFakeSmtp, type FakeSmtp } from '../../test/fake-smtp.js';
import { DATABASE_KINDS, startTestServer, type TestResponse, type TestServer } from '../../test/harness.js';
import { ACCOUNT_MAILS_PER_ADDRESS } from '../services/mail/account-mail-limits.js';

describe.each(DATABASE_KINDS)('hostile use of the account API on %s', (kind) => {
  let server: TestServer;
  let smtp: FakeSmtp;
  const responses: TestResponse[] = [];
  const record = async (pending: Promise<TestResponse>) => {
    const response = await pending;
    responses.push(response);
    return response;
  };

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    server = await startTestServer(kind, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

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
    const email = await registerVerifiedUser(server, smtp);
    const fresh = await record(
      server.client().post('/api/auth/register', { email: uniqueEmail(), password: STRONG_PASSWORD }),
    );
    const taken = await record(
      server.client().post('/api/auth/register', { email, password: 'Different$Pass1x' }),
    );
    expect(taken.status).toBe(fresh.status);
    expect(taken.text).toBe(fresh.text);
    const notice = await waitForMailTo(smtp, email, 'already have');
    expect(notice.text).toMatch(/account already exists/);
    // The original password still works: the second registration changed nothing.
    await signedInClient(server, email);
  });

  it('answers resend-verification the same for unknown, unverified and verified addresses', async () => {
    const verified = await registerVerifiedUser(server, smtp);
    const pending = uniqueEmail('pending');
    await server.client().post('/api/auth/register', { email: pending, password: STRONG_PASSWORD });
    await waitForMailTo(smtp, pending, 'Verify');
    const before = smtp.mails.length;
    const answers = await Promise.all(
      [uniqueEmail('ghost'), pending, verified].map((email) =>
        record(server.client().post('/api/auth/resend-verification', { email })),
      ),
    );
    expect(new Set(answers.map((a) => `${a.status} ${a.text}`)).size).toBe(1);
    expect(answers[0]!.body.data.message).toMatch(/new verification link/);
    await waitForMailTo(smtp, pending, 'Verify', before);
    await server.deps.mailer.flush();
    expect(smtp.mails.slice(before).map((m) => m.to[0])).toEqual([pending]);
  });

  it('limits verification re-sends per address with 429 and Retry-After', async () => {
    const email = uniqueEmail('resend');
    const statuses: number[] = [];
    let last: TestResponse | undefined;
    for (let i = 0; i <= ACCOUNT_MAILS_PER_ADDRESS.points; i += 1) {
      last = await server.client().post('/api/auth/resend-verification', { email });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(ACCOUNT_MAILS_PER_ADDRESS.points).fill(200), 429]);
    expect(last!.body.code).toBe('RATE_LIMITED');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('says only "Invalid email or password." for an unknown address and for a wrong password', async () => {
    const email = await registerVerifiedUser(server, smtp);
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
    const email = await registerVerifiedUser(server, smtp);
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

  it('never puts a password hash in any answer', async () => {
    const email = await registerVerifiedUser(server, smtp);
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
