import { accountMailJobs } from '@fm/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OTHER_STRONG_PASSWORD,
  pathOf,
  registerVerifiedUser,
  signedInClient,
  STRONG_PASSWORD,
  uniqueEmail,
  waitForMailTo,
} from '../../test/accounts.js';
import { EMBEDDED_DATABASE, startMailingTestServer, type MailingTestServer } from '../../test/harness.js';

describe.each(EMBEDDED_DATABASE)('changing password and email from Settings on %s', (kind) => {
  let server: MailingTestServer;
  beforeAll(async () => {
    server = await startMailingTestServer(kind, { APP_URL: 'http://app.example.test' });
  });
  afterAll(() => server?.stop());

  const login = (email: string, password: string) =>
    server.client().post('/api/auth/login', { email, password });

  describe('POST /api/auth/change-password', () => {
    it('sets the new password, keeps this session, signs out the others and mails a notice', async () => {
      const email = await registerVerifiedUser(server);
      const here = await signedInClient(server, email);
      const otherDevice = await signedInClient(server, email, STRONG_PASSWORD, true);
      const before = server.smtp.mails.length;

      const changed = await here.post('/api/auth/change-password', {
        currentPassword: STRONG_PASSWORD,
        newPassword: OTHER_STRONG_PASSWORD,
      });
      expect(changed.status).toBe(200);
      expect(changed.body.data.message).toMatch(/password has been changed/i);

      expect((await here.get('/api/auth/me')).status).toBe(200);
      const other = await otherDevice.get('/api/auth/me');
      expect(other.status).toBe(401);
      expect(other.body).toMatchObject({ code: 'TOKEN_REVOKED', reason: 'password-change' });
      expect(other.body.message).toMatch(/password was changed/);
      // The typed client is told the same, reason included.
      const otherTyped = await otherDevice.get('/trpc/auth.me');
      expect(otherTyped.body.error.data).toMatchObject({
        appCode: 'TOKEN_REVOKED',
        reason: 'password-change',
      });
      expect((await login(email, STRONG_PASSWORD)).status).toBe(401);
      expect((await login(email, OTHER_STRONG_PASSWORD)).status).toBe(200);
      const notice = await waitForMailTo(server.smtp, email, 'password was changed', before);
      expect(notice.text).toContain('forgot-password');
    });

    it('refuses a wrong current password or a weak new one and changes nothing', async () => {
      const email = await registerVerifiedUser(server);
      const client = await signedInClient(server, email);
      const wrong = await client.post('/api/auth/change-password', {
        currentPassword: 'Not$TheRight1',
        newPassword: OTHER_STRONG_PASSWORD,
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        code: 'INVALID_PASSWORD',
        message: 'Your current password is not correct.',
        field: 'currentPassword',
      });
      const weak = await client.post('/api/auth/change-password', {
        currentPassword: STRONG_PASSWORD,
        newPassword: 'short',
      });
      expect(weak.status).toBe(400);
      expect(weak.body.code).toBe('VALIDATION_ERROR');
      expect(weak.body.field).toBe('newPassword');
      expect(weak.body.message).toMatch(/at least 12 characters/);
      expect((await login(email, STRONG_PASSWORD)).status).toBe(200);
    });

    it('stops guessing the current password after five wrong tries with 429 and Retry-After', async () => {
      const email = await registerVerifiedUser(server);
      const client = await signedInClient(server, email);
      const attempt = (currentPassword: string) =>
        client.post('/api/auth/change-password', { currentPassword, newPassword: OTHER_STRONG_PASSWORD });
      for (let i = 0; i < 5; i += 1) expect((await attempt(`Wrong$Guess${i}xx`)).status).toBe(400);
      const limited = await attempt(STRONG_PASSWORD);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await login(email, STRONG_PASSWORD)).status).toBe(200);
    });

    it('needs a session and a CSRF token', async () => {
      const anonymous = await server.client().post('/api/auth/change-password', {
        currentPassword: STRONG_PASSWORD,
        newPassword: OTHER_STRONG_PASSWORD,
      });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('UNAUTHENTICATED');
      const email = await registerVerifiedUser(server);
      const client = await signedInClient(server, email);
      const noCsrf = await client.post(
        '/api/auth/change-password',
        { currentPassword: STRONG_PASSWORD, newPassword: OTHER_STRONG_PASSWORD },
        { headers: { 'x-csrf-token': 'forged' } },
      );
      expect(noCsrf.status).toBe(403);
      expect(noCsrf.body.code).toBe('CSRF_INVALID');
      expect((await login(email, STRONG_PASSWORD)).status).toBe(200);
    });
  });

  describe('POST /api/user/email-change and /api/auth/confirm-email-change', () => {
    const confirmTokenFrom = (link: string) => {
      const url = new URL(link);
      expect(`${url.origin}${url.pathname}`).toBe('http://app.example.test/confirm-email');
      return url.searchParams.get('token')!;
    };

    it('changes the email only when the link mailed to the new address is followed, and tells the old one', async () => {
      const oldEmail = await registerVerifiedUser(server);
      const newEmail = uniqueEmail('moved');
      const client = await signedInClient(server, oldEmail);

      const requested = await client.post('/api/user/email-change', {
        password: STRONG_PASSWORD,
        newEmail: newEmail.toUpperCase(),
      });
      expect(requested.status).toBe(200);
      expect(requested.body.data.message).toContain(`We sent a confirmation link to ${newEmail}`);
      const mail = await waitForMailTo(server.smtp, newEmail, 'Confirm your new email');
      const token = confirmTokenFrom(mail.links[0]!);

      // Not yet followed: nothing changed.
      expect((await client.get('/api/auth/me')).body.data.email).toBe(oldEmail);
      expect((await login(newEmail, STRONG_PASSWORD)).status).toBe(401);

      const before = server.smtp.mails.length;
      const confirmed = await server.client().post('/api/auth/confirm-email-change', { token });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.data).toEqual({
        message: 'Your email address has been changed. Use it the next time you log in.',
        email: newEmail,
      });
      const me = await client.get('/api/auth/me');
      expect(me.body.data).toMatchObject({ email: newEmail, emailVerified: true });
      expect((await login(newEmail, STRONG_PASSWORD)).status).toBe(200);
      expect((await login(oldEmail, STRONG_PASSWORD)).status).toBe(401);
      const notice = await waitForMailTo(server.smtp, oldEmail, 'email was changed', before);
      expect(notice.text).toContain(newEmail);

      const reused = await server.client().post('/api/auth/confirm-email-change', { token });
      expect(reused.status).toBe(400);
      expect(reused.body.code).toBe('INVALID_TOKEN');
      // the old address's way back: "this wasn't me" (the new address cannot use it)
      expect(pathOf(notice.links[0]!)).toMatch(/^\/undo-email-change\?token=/);
    });

    it('sends the old address its "this wasn\'t me" notice through the mail queue: recorded with the change, sent by the worker', async () => {
      const oldEmail = await registerVerifiedUser(server);
      const newEmail = uniqueEmail('queued');
      const client = await signedInClient(server, oldEmail);
      await client.post('/api/user/email-change', { password: STRONG_PASSWORD, newEmail });
      const token = confirmTokenFrom(
        (await waitForMailTo(server.smtp, newEmail, 'Confirm your new email')).links[0]!,
      );
      const before = server.smtp.mails.length;
      // the worker is paused: a notice sent outside the queue would arrive all the same
      await server.deps.accountMails.stop();
      try {
        expect((await server.client().post('/api/auth/confirm-email-change', { token })).status).toBe(200);
        await server.deps.mailer.flush();
        const notices = server.smtp.mails
          .slice(before)
          .filter((mail) => mail.to.includes(oldEmail) && mail.subject.includes('email was changed'));
        expect(notices).toEqual([]);
        const queued = await server.deps.database.db
          .select()
          .from(accountMailJobs)
          .where(eq(accountMailJobs.kind, 'email-changed-notice'));
        expect(queued).toHaveLength(1);
      } finally {
        server.deps.accountMails.start();
      }
      const notice = await waitForMailTo(server.smtp, oldEmail, 'email was changed', before);
      expect(notice.text).toContain(newEmail);
      expect(pathOf(notice.links[0]!)).toMatch(/^\/undo-email-change\?token=/);
    }, 60_000);

    it('answers an address that has an account like any other, and mails its owner instead of a link', async () => {
      const taken = await registerVerifiedUser(server);
      const email = await registerVerifiedUser(server);
      const client = await signedInClient(server, email);
      const before = server.smtp.mails.length;
      const requested = await client.post('/api/user/email-change', {
        password: STRONG_PASSWORD,
        newEmail: taken,
      });
      expect(requested.status).toBe(200);
      expect(requested.body.data.message).toContain(`We sent a confirmation link to ${taken}`);
      const mail = await waitForMailTo(server.smtp, taken, 'Someone tried to use your email', before);
      expect(mail.text).not.toContain('confirm-email');
      expect((await client.get('/api/auth/me')).body.data.email).toBe(email);
    });

    it('refuses a wrong password, a malformed or unchanged address, and a made-up link, changing nothing', async () => {
      const email = await registerVerifiedUser(server);
      const client = await signedInClient(server, email);
      const wrong = await client.post('/api/user/email-change', {
        password: 'Not$TheRight1',
        newEmail: uniqueEmail('x'),
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('INVALID_PASSWORD');
      const malformed = await client.post('/api/user/email-change', {
        password: STRONG_PASSWORD,
        newEmail: 'not-an-address',
      });
      expect(malformed.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'email' });
      const same = await client.post('/api/user/email-change', {
        password: STRONG_PASSWORD,
        newEmail: email,
      });
      expect(same.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'newEmail' });
      const madeUp = await server.client().post('/api/auth/confirm-email-change', { token: 'x'.repeat(43) });
      expect(madeUp.status).toBe(400);
      expect(madeUp.body.code).toBe('INVALID_TOKEN');
      expect((await client.get('/api/auth/me')).body.data.email).toBe(email);
    });

    it('refuses the link when the address was taken by another account in the meantime', async () => {
      const email = await registerVerifiedUser(server);
      const newEmail = uniqueEmail('race');
      const client = await signedInClient(server, email);
      await client.post('/api/user/email-change', { password: STRONG_PASSWORD, newEmail });
      const token = confirmTokenFrom(
        (await waitForMailTo(server.smtp, newEmail, 'Confirm your new email')).links[0]!,
      );
      await registerVerifiedUser(server, newEmail);
      const confirmed = await server.client().post('/api/auth/confirm-email-change', { token });
      expect(confirmed.status).toBe(409);
      expect(confirmed.body.code).toBe('EMAIL_TAKEN');
      expect((await client.get('/api/auth/me')).body.data.email).toBe(email);
    });
  });

  it('documents the three paths in the OpenAPI document', async () => {
    const document = (await server.client().get('/api/openapi.json')).body;
    expect(document.paths['/auth/change-password'].post).toBeDefined();
    expect(document.paths['/user/email-change'].post).toBeDefined();
    expect(document.paths['/auth/confirm-email-change'].post).toBeDefined();
  });
});
