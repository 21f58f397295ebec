import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount, signedInAccount } from '../../test/admin-accounts.js';
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
import { AddressedClient } from '../../test/raw-http.js';
import { EMAIL_TOKEN_LIFETIME_MS } from '../services/auth/email-tokens.js';
import { LOGIN_GUESSES_PER_ACCOUNT } from '../services/auth/login-throttle.js';
import { verifyEmail } from '../services/auth/registration.js';

const ATTACKER_PASSWORD = 'Attacker$Owns1t';
const VICTIM_PASSWORD = 'Victim$Chose1t!';

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe.each(EMBEDDED_DATABASE)('account takeover attempts on %s', (kind) => {
  let server: MailingTestServer;
  beforeAll(async () => {
    server = await startMailingTestServer(kind, { APP_URL: 'http://app.example.test' });
  });
  afterAll(() => server?.stop());

  const login = (email: string, password: string) =>
    server.client().post('/api/auth/login', { email, password });
  const register = (email: string, password: string) =>
    server.client().post('/api/auth/register', { email, password });

  /** Follows the "verify and choose your password" link of a contested address, setting `password`. */
  async function choosePassword(link: string, password: string) {
    expect(pathOf(link)).toMatch(/^\/reset-password\?token=/);
    return server.client().post('/api/auth/reset-password', { token: tokenOf(link), password });
  }

  describe('an address registered once by a stranger, its verification link followed by the owner', () => {
    it('verifies the address but keeps no password set before: the owner chooses one, the stranger is out', async () => {
      const victim = uniqueEmail('victim');
      const before = server.smtp.mails.length;
      const strangerBrowser = server.client();
      expect(
        (await strangerBrowser.post('/api/auth/register', { email: victim, password: ATTACKER_PASSWORD }))
          .status,
      ).toBe(200);
      const link = (await waitForMailTo(server.smtp, victim, 'Verify your email for', before)).links[0]!;

      // the owner opens the mail in a browser of their own
      const followed = await server.client().get(pathOf(link));
      const target = followed.headers.get('location') ?? '';
      expect(target).toMatch(/^\/reset-password\?token=[^&]+&verified=true$/);
      expect((await login(victim, ATTACKER_PASSWORD)).status).toBe(401);
      // a second look at the used link hands out nothing more: it leads to asking for a link by mail
      const again = await server.client().get(pathOf(link));
      expect(again.headers.get('location')).toBe('/forgot-password');

      const chosen = await server.client().post('/api/auth/reset-password', {
        token: new URL(target, 'http://x').searchParams.get('token'),
        password: VICTIM_PASSWORD,
      });
      expect(chosen.status).toBe(200);
      expect((await login(victim, ATTACKER_PASSWORD)).status).toBe(401);
      const owner = await login(victim, VICTIM_PASSWORD);
      expect(owner.status).toBe(200);
      expect(owner.body.user).toMatchObject({ email: victim, emailVerified: true });
    });

    it('stops a used verification link from making password links once its lifetime is over', async () => {
      const victim = uniqueEmail('late');
      const before = server.smtp.mails.length;
      await register(victim, ATTACKER_PASSWORD);
      const link = (await waitForMailTo(server.smtp, victim, 'Verify your email for', before)).links[0]!;
      expect((await server.client().get(pathOf(link))).headers.get('location')).toMatch(
        /^\/reset-password\?token=/,
      );
      const afterLifetime = new Date(Date.now() + EMAIL_TOKEN_LIFETIME_MS['verify-email'] + 60_000);
      expect(await verifyEmail(server.deps, tokenOf(link), undefined, afterLifetime)).toMatchObject({
        isVerified: false,
      });
      // within it, a second look verifies and hands out no choose-password token
      expect(await verifyEmail(server.deps, tokenOf(link))).toEqual({
        isVerified: true,
        choosePasswordToken: null,
        needsPassword: true,
      });
    });

    it('keeps the password chosen at registration when the link is followed in the browser that registered', async () => {
      const email = uniqueEmail('owner');
      const before = server.smtp.mails.length;
      const browser = server.client();
      const registered = await browser.post('/api/auth/register', { email, password: VICTIM_PASSWORD });
      expect(registered.status).toBe(200);
      const link = (await waitForMailTo(server.smtp, email, 'Verify your email for', before)).links[0]!;
      expect((await browser.get(pathOf(link))).headers.get('location')).toBe('/login?verified=true');
      expect((await login(email, VICTIM_PASSWORD)).status).toBe(200);
    });

    it('answers a registration of a taken address with the same kind of cookie', async () => {
      const email = await registerVerifiedUser(server);
      const fresh = await server
        .client()
        .post('/api/auth/register', { email: uniqueEmail('new'), password: VICTIM_PASSWORD });
      const taken = await server.client().post('/api/auth/register', { email, password: VICTIM_PASSWORD });
      const shape = (cookie: string | null) => cookie?.replace(/fm_registration=[^;]+/, 'fm_registration=…');
      expect(shape(taken.headers.get('set-cookie'))).toBe(shape(fresh.headers.get('set-cookie')));
      expect(taken.headers.get('set-cookie')).toMatch(/fm_registration=[0-9a-f-]{36}\.[\w-]{43};/);
    });
  });

  describe('registering an address someone else registered first (never verified)', () => {
    it("lets the address's owner choose the password; the first registrant's never works", async () => {
      const victim = uniqueEmail('victim');
      const attackerMailIndex = server.smtp.mails.length;
      expect((await register(victim, ATTACKER_PASSWORD)).status).toBe(200);
      const attackersLink = (
        await waitForMailTo(server.smtp, victim, 'Verify your email for', attackerMailIndex)
      ).links[0]!;

      const before = server.smtp.mails.length;
      const second = await register(victim, VICTIM_PASSWORD);
      expect(second.status).toBe(200);
      const mail = await waitForMailTo(server.smtp, victim, 'choose your', before);
      // Until the link is followed, nobody can sign in, with either password.
      expect((await login(victim, ATTACKER_PASSWORD)).status).toBe(401);
      expect((await login(victim, VICTIM_PASSWORD)).status).toBe(401);
      // The link the first registration mailed is void: it would verify the stranger's account.
      const stale = await server.client().get(pathOf(attackersLink));
      expect(stale.headers.get('location')).toBe('/login?error=invalid-verification-link');

      expect((await choosePassword(mail.links[0]!, VICTIM_PASSWORD)).status).toBe(200);
      const attacker = await login(victim, ATTACKER_PASSWORD);
      expect(attacker.status).toBe(401);
      expect(attacker.body.code).toBe('INVALID_CREDENTIALS');
      const owner = await login(victim, VICTIM_PASSWORD);
      expect(owner.status).toBe(200);
      expect(owner.body.user).toMatchObject({ email: victim, emailVerified: true });
    });

    it('keeps the stranger out when they register after the owner, whichever mail the owner follows', async () => {
      const victim = uniqueEmail('victim');
      let before = server.smtp.mails.length;
      await register(victim, VICTIM_PASSWORD);
      const ownersLink = (await waitForMailTo(server.smtp, victim, 'Verify your email for', before))
        .links[0]!;
      before = server.smtp.mails.length;
      await register(victim, ATTACKER_PASSWORD);
      const newest = (await waitForMailTo(server.smtp, victim, 'choose your', before)).links[0]!;

      const own = await server.client().get(pathOf(ownersLink));
      expect(own.headers.get('location')).toBe('/login?error=invalid-verification-link');
      expect((await login(victim, ATTACKER_PASSWORD)).status).toBe(401);
      // A resend mails a "choose your password" link too: no password is waiting to be verified.
      before = server.smtp.mails.length;
      await server.client().post('/api/auth/resend-verification', { email: victim });
      const resent = (await waitForMailTo(server.smtp, victim, 'choose your', before)).links[0]!;
      expect(pathOf(resent)).toMatch(/^\/reset-password\?token=/);
      // The newest link is void once a later one is mailed; the latest one lets the owner in.
      expect((await choosePassword(newest, VICTIM_PASSWORD)).status).toBe(400);
      expect((await choosePassword(resent, VICTIM_PASSWORD)).status).toBe(200);
      expect((await login(victim, ATTACKER_PASSWORD)).status).toBe(401);
      expect((await login(victim, VICTIM_PASSWORD)).status).toBe(200);
    });
  });

  describe('links that must not outlive a new password or a new address', () => {
    it('voids an email-change link someone asked for once the owner resets the password', async () => {
      const owner = await registerVerifiedUser(server);
      const intruderMailbox = uniqueEmail('intruder');
      // The intruder once knew the password and asks to move the account to their address.
      const intruder = await signedInClient(server, owner);
      const asked = await intruder.post('/api/user/email-change', {
        password: STRONG_PASSWORD,
        newEmail: intruderMailbox,
      });
      expect(asked.status).toBe(200);
      const changeLink = (await waitForMailTo(server.smtp, intruderMailbox, 'Confirm your new email'))
        .links[0]!;

      let before = server.smtp.mails.length;
      await server.client().post('/api/auth/forgot-password', { email: owner });
      const resetLink = (await waitForMailTo(server.smtp, owner, 'Reset', before)).links[0]!;
      const reset = await server
        .client()
        .post('/api/auth/reset-password', { token: tokenOf(resetLink), password: OTHER_STRONG_PASSWORD });
      expect(reset.status).toBe(200);

      // With no session at all, the old change link is worth nothing now.
      const confirmed = await server
        .client()
        .post('/api/auth/confirm-email-change', { token: tokenOf(changeLink) });
      expect(confirmed.status).toBe(400);
      expect(confirmed.body.code).toBe('INVALID_TOKEN');
      expect((await login(owner, OTHER_STRONG_PASSWORD)).body.user.email).toBe(owner);
      before = server.smtp.mails.length;
      await server.client().post('/api/auth/forgot-password', { email: intruderMailbox });
      await server.deps.accountMails.flush();
      expect(
        server.smtp.mails.slice(before).filter((mail) => mail.to.includes(intruderMailbox)),
      ).toHaveLength(0);
    });

    it('leaves no usable email-change link when the change is asked for 0–20 ms after a reset', async () => {
      let accepted = 0;
      for (let i = 0; i < 20; i += 1) {
        const { email } = await insertAccount(server);
        const owner = new AddressedClient(server.url, `127.0.41.${i + 1}`);
        const intruder = new AddressedClient(server.url, `127.0.42.${i + 1}`);
        expect((await intruder.post('/api/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(
          200,
        );
        const before = server.smtp.mails.length;
        await owner.post('/api/auth/forgot-password', { email });
        const resetLink = (await waitForMailTo(server.smtp, email, 'Reset', before)).links[0]!;
        const intruderMailbox = uniqueEmail('racer');

        const reset = owner.post('/api/auth/reset-password', {
          token: tokenOf(resetLink),
          password: OTHER_STRONG_PASSWORD,
        });
        await new Promise((resolve) => setTimeout(resolve, i));
        const change = intruder.post('/api/user/email-change', {
          password: STRONG_PASSWORD,
          newEmail: intruderMailbox,
        });
        const [resetAnswer, changeAnswer] = await Promise.all([reset, change]);
        expect(resetAnswer.status).toBe(200);
        if (changeAnswer.status === 200) accepted += 1;

        await server.deps.accountMails.flush();
        const changeLinks = server.smtp.mails
          .filter(
            (mail) => mail.to.includes(intruderMailbox) && mail.subject.includes('Confirm your new email'),
          )
          .map((mail) => mail.links[0]!);
        for (const link of changeLinks) {
          const confirmed = await server
            .client()
            .post('/api/auth/confirm-email-change', { token: tokenOf(link) });
          expect(confirmed.body.code).toBe('INVALID_TOKEN');
        }
        const signedIn = await owner.post('/api/auth/login', { email, password: OTHER_STRONG_PASSWORD });
        expect(signedIn.body.user.email).toBe(email);
      }
      // Some requests were asked while the old password still held: the race was run, not dodged.
      expect(accepted).toBeGreaterThan(0);
    }, 120_000);

    it('gives the old address a 7-day "this wasn\'t me" link that takes the account back', async () => {
      const owner = await registerVerifiedUser(server);
      const intruderMailbox = uniqueEmail('hijacker');
      const intruder = await signedInClient(server, owner);
      await intruder.post('/api/user/email-change', { password: STRONG_PASSWORD, newEmail: intruderMailbox });
      const changeLink = (await waitForMailTo(server.smtp, intruderMailbox, 'Confirm your new email'))
        .links[0]!;
      const before = server.smtp.mails.length;
      expect(
        (await server.client().post('/api/auth/confirm-email-change', { token: tokenOf(changeLink) })).status,
      ).toBe(200);
      // the intruder locks the owner out as well as they can
      const changed = await intruder.post('/api/auth/change-password', {
        currentPassword: STRONG_PASSWORD,
        newPassword: ATTACKER_PASSWORD,
      });
      expect(changed.status).toBe(200);

      const notice = await waitForMailTo(server.smtp, owner, 'email was changed', before);
      const undoLink = notice.links[0]!;
      expect(undoLink).toMatch(/^http:\/\/app\.example\.test\/undo-email-change\?token=/);
      expect(notice.text).toContain('7 days');
      // opening the link, or its form of older mails (a mail scanner does), changes nothing
      const legacy = `/api/auth/undo-email-change?token=${tokenOf(undoLink)}`;
      const opened = await server.client().get(legacy);
      expect(opened.status).toBe(302);
      expect(opened.headers.get('location')).toBe(pathOf(undoLink));
      expect((await intruder.get('/api/auth/me')).body.data.email).toBe(intruderMailbox);
      // a POST without the CSRF token is refused too
      const forged = await server.client().request('POST', '/api/auth/undo-email-change', {
        token: tokenOf(undoLink),
      });
      expect(forged.status).toBe(403);
      expect((await intruder.get('/api/auth/me')).status).toBe(200);

      // the owner confirms on the page
      const undone = await server.client().post('/api/auth/undo-email-change', { token: tokenOf(undoLink) });
      expect(undone.status).toBe(200);
      expect(undone.body.data.message).toContain('every device was signed out');
      const target = `/reset-password?token=${undone.body.data.choosePasswordToken}`;

      // every session ended; neither the intruder's address nor their password opens the account
      expect((await intruder.get('/api/auth/me')).status).toBe(401);
      expect((await login(intruderMailbox, ATTACKER_PASSWORD)).status).toBe(401);
      expect((await login(owner, ATTACKER_PASSWORD)).status).toBe(401);
      const chosen = await server.client().post('/api/auth/reset-password', {
        token: new URL(target, 'http://x').searchParams.get('token'),
        password: VICTIM_PASSWORD,
      });
      expect(chosen.status).toBe(200);
      expect((await login(owner, VICTIM_PASSWORD)).body.user).toMatchObject({ email: owner });
      // the link worked once
      const again = await server.client().post('/api/auth/undo-email-change', { token: tokenOf(undoLink) });
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('INVALID_TOKEN');
    });

    it('voids the mailed links of an account when it is disabled, for good', async () => {
      const admin = await signedInAccount(server, 'admin');
      const { id, email } = await insertAccount(server);
      const before = server.smtp.mails.length;
      await server.client().post('/api/auth/forgot-password', { email });
      const resetLink = (await waitForMailTo(server.smtp, email, 'Reset', before)).links[0]!;
      const status = (isDisabled: boolean) =>
        admin.client.patch(`/api/admin/users/${id}/status`, { isDisabled });
      expect((await status(true)).status).toBe(200);
      expect((await status(false)).status).toBe(200);
      const reset = await server
        .client()
        .post('/api/auth/reset-password', { token: tokenOf(resetLink), password: ATTACKER_PASSWORD });
      expect(reset.body.code).toBe('INVALID_TOKEN');
      expect((await login(email, STRONG_PASSWORD)).status).toBe(200);
    });

    it('voids reset and email-change links when the password is changed from Settings', async () => {
      const owner = await registerVerifiedUser(server);
      const client = await signedInClient(server, owner);
      const elsewhere = uniqueEmail('elsewhere');
      await client.post('/api/user/email-change', { password: STRONG_PASSWORD, newEmail: elsewhere });
      const changeLink = (await waitForMailTo(server.smtp, elsewhere, 'Confirm your new email')).links[0]!;
      const before = server.smtp.mails.length;
      await server.client().post('/api/auth/forgot-password', { email: owner });
      const resetLink = (await waitForMailTo(server.smtp, owner, 'Reset', before)).links[0]!;

      const changed = await client.post('/api/auth/change-password', {
        currentPassword: STRONG_PASSWORD,
        newPassword: OTHER_STRONG_PASSWORD,
      });
      expect(changed.status).toBe(200);
      const reset = await server
        .client()
        .post('/api/auth/reset-password', { token: tokenOf(resetLink), password: 'Third$Password9' });
      expect(reset.body.code).toBe('INVALID_TOKEN');
      const confirmed = await server
        .client()
        .post('/api/auth/confirm-email-change', { token: tokenOf(changeLink) });
      expect(confirmed.body.code).toBe('INVALID_TOKEN');
      expect((await login(owner, OTHER_STRONG_PASSWORD)).status).toBe(200);
    });

    it('stops a reset link mailed to the old address once the email has changed', async () => {
      const oldAddress = await registerVerifiedUser(server);
      const newAddress = uniqueEmail('moved');
      const before = server.smtp.mails.length;
      await server.client().post('/api/auth/forgot-password', { email: oldAddress });
      const resetLink = (await waitForMailTo(server.smtp, oldAddress, 'Reset', before)).links[0]!;

      const client = await signedInClient(server, oldAddress);
      await client.post('/api/user/email-change', { password: STRONG_PASSWORD, newEmail: newAddress });
      const changeLink = (await waitForMailTo(server.smtp, newAddress, 'Confirm your new email')).links[0]!;
      const moved = await server
        .client()
        .post('/api/auth/confirm-email-change', { token: tokenOf(changeLink) });
      expect(moved.status).toBe(200);

      const reset = await server
        .client()
        .post('/api/auth/reset-password', { token: tokenOf(resetLink), password: ATTACKER_PASSWORD });
      expect(reset.status).toBe(400);
      expect(reset.body.code).toBe('INVALID_TOKEN');
      expect((await login(newAddress, STRONG_PASSWORD)).status).toBe(200);
      expect((await login(newAddress, ATTACKER_PASSWORD)).status).toBe(401);
    });

    it('mails the current address a link that cancels a pending email change before it takes effect', async () => {
      const owner = await registerVerifiedUser(server);
      const intruderMailbox = uniqueEmail('intruder');
      const intruder = await signedInClient(server, owner);
      const before = server.smtp.mails.length;
      await intruder.post('/api/user/email-change', { password: STRONG_PASSWORD, newEmail: intruderMailbox });
      const changeLink = (await waitForMailTo(server.smtp, intruderMailbox, 'Confirm your new email'))
        .links[0]!;
      const notice = await waitForMailTo(server.smtp, owner, 'about to change', before);
      expect(notice.text).toContain(intruderMailbox);
      const cancelLink = notice.links[0]!;
      expect(cancelLink).toMatch(/^http:\/\/app\.example\.test\/cancel-email-change\?token=/);
      // opening its form of older mails changes nothing: it leads to the page
      const opened = await server.client().get(`/api/auth/cancel-email-change?token=${tokenOf(cancelLink)}`);
      expect(opened.headers.get('location')).toBe(pathOf(cancelLink));

      const cancelled = await server
        .client()
        .post('/api/auth/cancel-email-change', { token: tokenOf(cancelLink) });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data.message).toBe('The email change was cancelled. Your email stays the same.');
      const confirmed = await server
        .client()
        .post('/api/auth/confirm-email-change', { token: tokenOf(changeLink) });
      expect(confirmed.status).toBe(400);
      expect(confirmed.body.code).toBe('INVALID_TOKEN');
      expect((await login(owner, STRONG_PASSWORD)).body.user.email).toBe(owner);
      const again = await server
        .client()
        .post('/api/auth/cancel-email-change', { token: tokenOf(cancelLink) });
      expect(again.body.code).toBe('INVALID_TOKEN');
      const madeUp = await server.client().post('/api/auth/cancel-email-change', { token: 'made-up' });
      expect(madeUp.status).toBe(400);
      expect(madeUp.body).toMatchObject({ code: 'INVALID_TOKEN', message: expect.any(String) });
    });
  });

  it("ends a browser's trusted-device standing when the password is reset elsewhere", async () => {
    const { email } = await insertAccount(server);
    let next = 1;
    const stranger = () => new AddressedClient(server.url, `127.0.40.${next++}`);
    const browser = stranger();
    expect((await browser.post('/api/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
    const trustedCookie = browser.cookies.get('fm_device');
    expect(trustedCookie).toBeTruthy();
    // Guesses from many addresses slow the account for every browser but a trusted one.
    for (let i = 0; i < LOGIN_GUESSES_PER_ACCOUNT.freeAttempts; i += 1) {
      await stranger().post('/api/auth/login', { email, password: `Wrong$Guess${i}xx` });
    }
    expect((await browser.post('/api/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(200);

    // The password is reset from another browser: the old device token no longer counts…
    const before = server.smtp.mails.length;
    await server.client().post('/api/auth/forgot-password', { email });
    const resetLink = (await waitForMailTo(server.smtp, email, 'Reset', before)).links[0]!;
    await server
      .client()
      .post('/api/auth/reset-password', { token: tokenOf(resetLink), password: OTHER_STRONG_PASSWORD });
    for (let i = 0; i < LOGIN_GUESSES_PER_ACCOUNT.freeAttempts; i += 1) {
      await stranger().post('/api/auth/login', { email, password: `Wrong$Again${i}xx` });
    }
    const oldDevice = new AddressedClient(server.url, `127.0.40.${next++}`);
    oldDevice.cookies.set('fm_device', trustedCookie!);
    const refused = await oldDevice.post('/api/auth/login', { email, password: OTHER_STRONG_PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
  });
});
