import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type BrowserPage, type E2eApp, openPage } from './harness.js';

/**
 * The product's pages as each kind of visitor reaches them, for the accessibility and
 * responsive suites. Add a page here when its route ships.
 */
export type Role = 'visitor' | 'user' | 'admin';

export interface SitePage {
  path: string;
  /** A short name for screenshots and test titles. */
  name: string;
  /** Opens a part of the page that only shows after a click (a tab, a dialog). */
  reveal?: (page: Page) => Promise<void>;
  /** Checked at this width instead of the desktop one (e.g. the mobile sidebar). */
  width?: number;
}

const openMobileMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).waitFor();
};

const openDeleteAccountDialog = async (page: Page) => {
  await page.getByRole('button', { name: 'Delete My Account' }).click();
  await page.getByRole('alertdialog').waitFor();
};

const openFirstScreenshot = async (page: Page) => {
  await page.locator('.gallery__thumb').first().click();
  await page.locator('dialog[open]').waitFor();
};

const openAccessibilityTab = async (page: Page) => {
  await page.getByRole('tab', { name: 'Accessibility' }).click();
  await page.getByRole('switch', { name: 'Reduce Motion', exact: true }).waitFor();
};

export const PAGES: Record<Role, SitePage[]> = {
  visitor: [
    { path: '/', name: 'landing' },
    { path: '/', name: 'landing-screenshot-dialog', reveal: openFirstScreenshot },
    { path: '/', name: 'landing-mobile-menu', reveal: openMobileMenu, width: 375 },
    { path: '/methodology', name: 'methodology' },
    { path: '/projections', name: 'projections' },
    { path: '/compare', name: 'compare' },
    { path: '/login', name: 'login' },
    { path: '/register', name: 'register' },
    { path: '/forgot-password', name: 'forgot-password' },
    { path: '/reset-password?token=e2e-token', name: 'reset-password' },
    { path: '/confirm-email?token=e2e-token', name: 'confirm-email' },
  ],
  user: [
    { path: '/', name: 'home' },
    { path: '/projections', name: 'projections-signed-in' },
    { path: '/compare', name: 'compare-signed-in' },
    { path: '/dashboard', name: 'dashboard' },
    { path: '/team-matchup', name: 'team-matchup' },
    { path: '/settings', name: 'settings-account' },
    { path: '/settings', name: 'settings-accessibility', reveal: openAccessibilityTab },
    { path: '/settings', name: 'settings-delete-dialog', reveal: openDeleteAccountDialog },
    { path: '/link-leagues', name: 'link-leagues' },
    { path: '/methodology', name: 'methodology-signed-in' },
    { path: '/no-such-page', name: 'not-found' },
  ],
  admin: [
    { path: '/admin', name: 'admin-overview' },
    { path: '/admin/users', name: 'admin-users' },
    { path: '/admin/alerts', name: 'admin-alerts' },
    { path: '/admin/system-health', name: 'admin-system-health' },
    { path: '/admin/data-management', name: 'admin-data-management' },
  ],
};

/** The path part of a page's address (what the browser should still show after loading it). */
export function pathnameOf(path: string): string {
  return new URL(path, 'http://localhost').pathname;
}

export const E2E_PASSWORD = 'Touchdown!2024x';
export const ADMIN_EMAIL = 'admin-a11y@example.com';
/** Environment for startE2eApp: the server makes this verified admin at start-up. */
export const ADMIN_ENV = { ADMIN_EMAIL, ADMIN_PASSWORD: E2E_PASSWORD };

let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Registers through the API and follows the verification link from the mail. */
export async function registerVerifiedUser(
  app: E2eApp,
  context: BrowserContext,
  email = uniqueEmail('user'),
): Promise<string> {
  const request = context.request;
  const before = app.mail.mails.length;
  await postWithCsrf(context, '/api/auth/register', { email, password: E2E_PASSWORD });
  const mail = await app.mail.waitForMail((m) => m.to.includes(email) && app.mail.mails.indexOf(m) >= before);
  const link = new URL(mail.links[0]!);
  const verified = await request.get(`${link.pathname}${link.search}`, { maxRedirects: 0 });
  if (verified.status() !== 302) throw new Error(`verification failed: ${verified.status()}`);
  return email;
}

/** Signs the browser context in through the API (cookies land in the context). */
export async function signIn(context: BrowserContext, email: string, password = E2E_PASSWORD): Promise<void> {
  await postWithCsrf(context, '/api/auth/login', { email, password });
}

/** A fresh browser context and page on the app, signed in as a new verified user (whose address it answers too). */
export async function openSignedInPage(
  browser: Browser,
  app: E2eApp,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<BrowserPage & { email: string }> {
  const opened = await openPage(browser, app.baseUrl, options);
  const email = await registerVerifiedUser(app, opened.context);
  await signIn(opened.context, email);
  return { ...opened, email };
}

/** The fake Sleeper's manager: every league of its recorded 2025 season is theirs. */
export const SLEEPER_MANAGER = 'e2e_manager';

/** Links a Sleeper account on the Link Leagues page, once the page says it is connected. */
export async function linkSleeper(page: Page, username = SLEEPER_MANAGER): Promise<void> {
  await page.goto('/link-leagues');
  await page.getByLabel('Sleeper username').fill(username);
  await page.getByRole('button', { name: 'Connect Sleeper' }).click();
  await page.getByText(`Connected as ${username}`).waitFor();
}

/**
 * Opens a linked league's page from the home page's "Select League" and waits for its win probability; answers
 * the ms from the click to the figure.
 */
export async function openLeaguePage(page: Page, league: string): Promise<number> {
  await page.goto('/');
  const select = page.getByRole('button', { name: `Select League ${league}` });
  await select.waitFor();
  const startedAt = Date.now();
  await select.click();
  await page.getByTestId('preview-win-probability').waitFor({ timeout: 30_000 });
  return Date.now() - startedAt;
}

async function postWithCsrf(context: BrowserContext, url: string, data: unknown) {
  const token = await context.request
    .get('/api/auth/csrf-token')
    .then((r) => r.json() as Promise<{ csrfToken: string }>);
  const response = await context.request.post(url, { data, headers: { 'x-csrf-token': token.csrfToken } });
  if (!response.ok()) throw new Error(`POST ${url} failed: ${response.status()} ${await response.text()}`);
  return response;
}

/** Waits until the route's page has rendered (lazy chunk loaded, no spinner left). */
export async function waitForPage(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.page-loading, [aria-busy="true"]'));
}
