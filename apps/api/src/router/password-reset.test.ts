import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OTHER_STRONG_PASSWORD,
  registerVerifiedUser,
  signedInClient,
  STRONG_PASSWORD,
  uniqueEmail,
  waitForMailTo,
} from '../../test/accounts.js';
import { EMBEDDED_DATABASE, startMailingTestServer, type MailingTestServer } from '../../test/harness.js';

describe.each(EMBEDDED_DATABASE)('forgot and reset password on %s', (kind) => {
  let server: MailingTestServer;
  beforeAll(async () => {
    server = await startMailingTestServer(kind, { APP_URL: 'http://app.example.test' });
  });
  afterAll(() => server?.stop());

  const resetTokenFrom = (link: string) => {
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('http://app.example.test/reset-password');
    return url.searchParams.get('token')!;
  };

  it('mails a one-time link that sets a new password, ends every session and refuses the old password', async () => {
    const email = await registerVerifiedUser(server);
    const otherDevice = await signedInClient(server, email, STRONG_PASSWORD, true);

    const requested = await server.client().post('/api/auth/forgot-password', { email });
    expect(requested.status).toBe(200);
    expect(requested.body.data.message).toMatch(/If an account exists for that email/);
    const mail = await waitForMailTo(server.smtp, email, 'Reset');
    expect(mail.text).toContain('1 hour');
    const token = resetTokenFrom(mail.links[0]!);

    const reset = await server
      .client()
      .post('/api/auth/reset-password', { token, password: OTHER_STRONG_PASSWORD });
    expect(reset.status).toBe(200);
    expect(reset.body.data.message).toMatch(/password has been reset/i);

    const revoked = await otherDevice.get('/api/auth/me');
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('TOKEN_REVOKED');

    const oldPassword = await server.client().post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(oldPassword.status).toBe(401);
    expect(oldPassword.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
    const newPassword = await server
      .client()
      .post('/api/auth/login', { email, password: OTHER_STRONG_PASSWORD });
    expect(newPassword.status).toBe(200);

    const reused = await server
      .client()
      .post('/api/auth/reset-password', { token, password: 'Another$Pass99z' });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('INVALID_TOKEN');
    expect(reused.body.message).toMatch(/invalid or has expired/);
  });

  it('keeps the link usable when the new password breaks the rules', async () => {
    const email = await registerVerifiedUser(server);
    await server.client().post('/api/auth/forgot-password', { email });
    const token = resetTokenFrom((await waitForMailTo(server.smtp, email, 'Reset')).links[0]!);
    const weak = await server.client().post('/api/auth/reset-password', { token, password: 'weakpassword' });
    expect(weak.status).toBe(400);
    expect(weak.body.field).toBe('password');
    const strong = await server
      .client()
      .post('/api/auth/reset-password', { token, password: OTHER_STRONG_PASSWORD });
    expect(strong.status).toBe(200);
  });

  it('refuses an expired link and a made-up one', async () => {
    const email = await registerVerifiedUser(server);
    await server.client().post('/api/auth/forgot-password', { email });
    const token = resetTokenFrom((await waitForMailTo(server.smtp, email, 'Reset')).links[0]!);
    const { emailTokens } = await import('@fm/db');
    const { eq } = await import('drizzle-orm');
    await server.deps.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.purpose, 'reset-password'));
    const expired = await server
      .client()
      .post('/api/auth/reset-password', { token, password: OTHER_STRONG_PASSWORD });
    expect(expired.body.code).toBe('INVALID_TOKEN');
    const madeUp = await server
      .client()
      .post('/api/auth/reset-password', { token: 'x'.repeat(43), password: OTHER_STRONG_PASSWORD });
    expect(madeUp.body.code).toBe('INVALID_TOKEN');
  });

  it('answers a known and an unknown address identically, and mails only the known one', async () => {
    const known = await registerVerifiedUser(server);
    const unknown = uniqueEmail('nobody');
    const before = server.smtp.mails.length;
    const forKnown = await server.client().post('/api/auth/forgot-password', { email: known });
    const forUnknown = await server.client().post('/api/auth/forgot-password', { email: unknown });
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.text).toBe(forKnown.text);
    await waitForMailTo(server.smtp, known, 'Reset', before);
    await server.deps.accountMails.flush();
    expect(server.smtp.mails.some((mail) => mail.to.includes(unknown))).toBe(false);
  });

  it('only the newest reset link works', async () => {
    const email = await registerVerifiedUser(server);
    await server.client().post('/api/auth/forgot-password', { email });
    const first = resetTokenFrom((await waitForMailTo(server.smtp, email, 'Reset')).links[0]!);
    const before = server.smtp.mails.length;
    await server.client().post('/api/auth/forgot-password', { email });
    const second = resetTokenFrom((await waitForMailTo(server.smtp, email, 'Reset', before)).links[0]!);
    expect(second).not.toBe(first);
    const old = await server
      .client()
      .post('/api/auth/reset-password', { token: first, password: OTHER_STRONG_PASSWORD });
    expect(old.body.code).toBe('INVALID_TOKEN');
    const fresh = await server
      .client()
      .post('/api/auth/reset-password', { token: second, password: OTHER_STRONG_PASSWORD });
    expect(fresh.status).toBe(200);
  });
});
