import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, startE2eApp, type E2eApp } from './harness.js';
import { E2E_PASSWORD, registerVerifiedUser, uniqueEmail } from './site-pages.js';

const NEW_PASSWORD = 'FieldGoal$2025y';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('accounts and sessions in the browser', () => {
  let app: E2eApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp({ name: 'auth' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const pathOf = (link: string) => {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  };
  const mailTo = (email: string, subject: string, after: number) =>
    app.mail.waitForMail(
      (m) => m.to.includes(email) && m.subject.includes(subject) && app.mail.mails.indexOf(m) >= after,
    );

  async function logIn(page: Page, email: string, password: string, rememberMe = false) {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    if (rememberMe) await page.getByLabel('Remember me for 30 days').check();
    await page.getByRole('button', { name: 'Log In' }).click();
  }

  const isSignedIn = (page: Page) => page.getByRole('button', { name: 'Logout' }).isVisible();

  it('registers, verifies by mail, logs in with remember me, survives a reload, and logs out', async () => {
    const { page, context, errors } = await openPage(browser, app.baseUrl);
    const email = uniqueEmail('e2e-register');
    const before = app.mail.mails.length;

    await page.goto('/register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    const checklist = page.getByRole('list', { name: 'Password requirements' });
    await expect(checklist.locator('li[data-met="true"]').count()).resolves.toBe(5);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page
      .getByText('Registration successful! Please check your email to verify your account.')
      .waitFor();
    await screenshot(page, 'auth-registered');

    const mail = await mailTo(email, 'Verify', before);
    await page.goto(pathOf(mail.links[0]!));
    await page.waitForURL('**/login?verified=true');
    await page.getByText('Your email has been verified! You can now log in.').waitFor();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel('Remember me for 30 days').check();
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/link-leagues');
    const session = (await context.cookies()).find((c) => c.name === 'fm_session')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(session.expires * 1000 - Date.now()).toBeGreaterThan(29 * DAY_MS);
    await expect(page.evaluate(() => sessionStorage.getItem('fm_remember_me'))).resolves.toBe('true');

    await page.goto('/settings');
    await page.reload();
    await page.getByRole('tabpanel', { name: 'Account' }).getByText(email).waitFor();
    await expect(isSignedIn(page)).resolves.toBe(true);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole('link', { name: 'Sign Up' }).first().waitFor();
    await page.reload();
    await expect(isSignedIn(page)).resolves.toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password by mail; the old password stops working', async () => {
    const { page, context } = await openPage(browser, app.baseUrl);
    const email = await registerVerifiedUser(app, context);
    const before = app.mail.mails.length;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(/If an account exists for that email/).waitFor();

    const mail = await mailTo(email, 'Reset', before);
    await page.goto(pathOf(mail.links[0]!));
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill('Mismatch$2025y');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match.').waitFor();
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/login');
    await page.getByText(/Your password has been reset/).waitFor();

    await logIn(page, email, E2E_PASSWORD);
    await page.getByText('Invalid email or password.').waitFor();
    await logIn(page, email, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await context.close();
  });

  it('offers a resend of the verification mail when logging in before verifying', async () => {
    const { page, context } = await openPage(browser, app.baseUrl);
    const email = uniqueEmail('e2e-unverified');
    await context.request.get('/api/auth/csrf-token');
    const token = (await context.cookies()).find((c) => c.name === 'csrf-token')!.value;
    await context.request.post('/api/auth/register', {
      data: { email, password: E2E_PASSWORD },
      headers: { 'x-csrf-token': token },
    });
    await logIn(page, email, E2E_PASSWORD);
    await page
      .getByText(/verify your email/i)
      .first()
      .waitFor();
    const before = app.mail.mails.length;
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await page.getByText(/new verification link/).waitFor();
    await mailTo(email, 'Verify', before);
    await context.close();
  });

  it('warns after 25 idle minutes and logs out when the 5-minute countdown ends', async () => {
    const { page, context } = await openPage(browser, app.baseUrl);
    const email = await registerVerifiedUser(app, context);
    await page.clock.install();
    await logIn(page, email, E2E_PASSWORD);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();

    await page.clock.fastForward('25:00');
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await warning.waitFor();
    await expect(warning.getByRole('progressbar').isVisible()).resolves.toBe(true);
    await screenshot(page, 'auth-idle-warning');
    await warning.getByRole('button', { name: 'Stay Logged In' }).click();
    await warning.waitFor({ state: 'detached' });
    await expect(isSignedIn(page)).resolves.toBe(true);

    await page.clock.fastForward('25:00');
    await warning.waitFor();
    await page.clock.fastForward('05:00');
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole('link', { name: 'Sign Up' }).first().waitFor();
    await context.close();
  });

  it('notices within one check interval that the session was revoked elsewhere', async () => {
    const { page, context } = await openPage(browser, app.baseUrl);
    const email = await registerVerifiedUser(app, context);
    await page.clock.install();
    await logIn(page, email, E2E_PASSWORD);
    await page.getByRole('button', { name: 'Logout' }).waitFor();

    // A password reset from another device ends every session of the account.
    const other = await openPage(browser, app.baseUrl);
    const before = app.mail.mails.length;
    await other.page.goto('/forgot-password');
    await other.page.getByLabel('Email').fill(email);
    await other.page.getByRole('button', { name: 'Send Reset Link' }).click();
    const mail = await mailTo(email, 'Reset', before);
    await other.page.goto(pathOf(mail.links[0]!));
    await other.page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await other.page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await other.page.getByRole('button', { name: 'Reset Password' }).click();
    await other.page.waitForURL('**/login');
    await other.context.close();

    await expect(isSignedIn(page)).resolves.toBe(true);
    await page.clock.fastForward('10:00');
    await page.getByText('Session Expired').waitFor();
    await page.getByRole('link', { name: 'Sign Up' }).first().waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await page
      .getByRole('main')
      .getByText(/^Your session has expired\. Please log in again\./)
      .waitFor();
    await context.close();
  });

  it('deletes the account from Settings after confirmation', async () => {
    const { page, context } = await openPage(browser, app.baseUrl);
    const email = await registerVerifiedUser(app, context);
    await logIn(page, email, E2E_PASSWORD);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete My Account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await screenshot(page, 'auth-delete-dialog');
    await dialog.getByLabel('Your password', { exact: true }).fill(E2E_PASSWORD);
    await dialog.getByRole('button', { name: 'Yes, Delete My Account' }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole('link', { name: 'Sign Up' }).first().waitFor();

    await logIn(page, email, E2E_PASSWORD);
    await page.getByText('Invalid email or password.').waitFor();
    await context.close();
  });
});
