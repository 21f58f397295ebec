import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, startE2eApp, type E2eApp } from './harness.js';

const ADMIN_EMAIL = 'admin-e2e@example.com';
const ADMIN_PASSWORD = 'Sideline!Admin2026';
const USER_EMAIL = 'plain-e2e@example.com';
const USER_PASSWORD = 'Touchdown!2024x';
const CSV = [
  'player_name,position,team,week,pred_mean,pred_std,season',
  'Josh Allen,QB,BUF,5,24.3,6.1,2025',
  'Bijan Robinson,RB,ATL,5,18.2,5.4,2025',
  'Puka Nacua,WR,LAR,5,16.9,5.8,2025',
  'Broken Row,XX,BUF,5,1,1,2025',
].join('\n');

/** Writes through the API as a browser would: CSRF token first, then the call. */
async function apiWrite(context: BrowserContext, method: 'post', path: string, data: unknown) {
  const token = (await (await context.request.get('/api/auth/csrf-token')).json()).csrfToken as string;
  return context.request[method](path, { data, headers: { 'x-csrf-token': token } });
}

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('link', { name: 'Admin' }).first().waitFor();
}

describe('admin area', () => {
  let app: E2eApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let context: BrowserContext;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startE2eApp({ name: 'admin', env: { ADMIN_EMAIL, ADMIN_PASSWORD } }),
      launchBrowser(),
    ]);
    const visitor = await browser.newContext({ baseURL: app.baseUrl });
    const registered = await apiWrite(visitor, 'post', '/api/auth/register', {
      email: USER_EMAIL,
      password: USER_PASSWORD,
    });
    expect(registered.status()).toBe(200);
    // A burst of failed logins for the alert rules to notice.
    for (let i = 0; i < 11; i++) {
      await apiWrite(visitor, 'post', '/api/auth/login', {
        email: `guess-${i}@example.com`,
        password: 'Wrong-Password1!',
      });
    }
    await visitor.close();
    ({ page, errors, context } = await openPage(browser, app.baseUrl));
    await logIn(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('Overview: totals, three charts and the date range control', async () => {
    await page.getByRole('link', { name: 'Admin' }).first().click();
    await page.getByRole('heading', { name: 'Admin Overview' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(nav.getByRole('link').allTextContents()).resolves.toEqual([
      'Overview',
      'User Management',
      'System Alerts',
      'System Health',
      'Data Management',
    ]);
    await expect
      .poll(() =>
        page.locator('.stat-card', { hasText: 'Total Users' }).locator('.stat-card__value').textContent(),
      )
      .toBe('2');
    const newUsers = page.getByRole('group', { name: 'New Users per day' });
    await newUsers.waitFor();
    await expect(newUsers.locator('tbody tr').count()).resolves.toBe(30);
    await expect(page.getByRole('group', { name: 'Simulations Run per day' }).count()).resolves.toBe(1);
    await expect(page.getByRole('group', { name: 'Daily Active Users per day' }).count()).resolves.toBe(1);
    await page.getByRole('button', { name: '7d' }).click();
    await expect.poll(() => newUsers.locator('tbody tr').count()).toBe(7);
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('Start date').fill('2026-01-01');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(newUsers.locator('tbody tr').count()).resolves.toBe(7);
    await page.getByLabel('End date').fill('2026-01-03');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => newUsers.locator('tbody tr').count()).toBe(3);
    await screenshot(page, 'admin-overview');
  });

  it('User Management: search, filter, disable, enable and delete with the confirmation', async () => {
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'User Management' })
      .click();
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await page.getByLabel('Search by email').fill('plain-e2e');
    const row = page.getByRole('row', { name: new RegExp(USER_EMAIL) });
    await row.waitFor();
    await expect(page.locator('tbody tr').count()).resolves.toBe(1);
    await row.getByRole('button', { name: `Disable ${USER_EMAIL}` }).click();
    await row.getByText('Disabled', { exact: true }).waitFor();
    await page.getByLabel('Status').selectOption('active');
    await expect(page.getByText('No users match.').count()).resolves.toBe(1);
    await page.getByLabel('Status').selectOption('disabled');
    await row.getByRole('button', { name: `Enable ${USER_EMAIL}` }).click();
    await page.getByLabel('Status').selectOption('all');
    await row.getByText('Active', { exact: true }).waitFor();
    await screenshot(page, 'admin-users');
    await row.getByRole('button', { name: `Delete ${USER_EMAIL}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.textContent()).resolves.toContain(
      `You are about to permanently delete the user ${USER_EMAIL}. This action is irreversible. Are you sure you want to proceed?`,
    );
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await page.getByText(`User ${USER_EMAIL} was deleted.`).waitFor();
    await expect.poll(() => page.getByRole('row', { name: new RegExp(USER_EMAIL) }).count()).toBe(0);
  });

  it('System Alerts: the failed-login burst shows up and can be acknowledged and resolved', async () => {
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'System Alerts' })
      .click();
    await page.getByRole('heading', { name: 'System Alerts' }).waitFor();
    const heading = page.getByRole('heading', { name: 'failed login burst' });
    // Rules run every 30 s on the server; the page polls every 30 s too.
    await heading.waitFor({ timeout: 75_000 });
    const item = page.locator('li', { has: heading });
    await item.getByRole('button', { name: 'Acknowledge' }).click();
    await expect.poll(() => item.getByRole('button', { name: 'Acknowledge' }).isDisabled()).toBe(true);
    await item.getByRole('button', { name: 'Resolve' }).click();
    await expect.poll(() => item.getByRole('button', { name: 'Resolve' }).isDisabled()).toBe(true);
    await screenshot(page, 'admin-alerts');
  }, 120_000);

  it('System Health: status, cards, error monitoring and resources, with auto-refresh', async () => {
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'System Health' })
      .click();
    await page.getByRole('heading', { name: 'System Health' }).waitFor();
    await page.getByText('Response time').first().waitFor();
    for (const label of [
      'Server errors',
      'Errors (last hour)',
      'Data sync',
      'Cache hit rate',
      'Memory usage',
      'PostgreSQL',
      'MongoDB',
      'API performance',
    ]) {
      await expect(page.getByText(label, { exact: true }).count()).resolves.toBeGreaterThan(0);
    }
    const autoRefresh = page.getByLabel('Auto-refresh (5 s)');
    await expect(autoRefresh.isChecked()).resolves.toBe(true);
    await page
      .getByRole('group', { name: 'Errors by category' })
      .getByText(/AUTHENTICATION_ERROR: \d+/)
      .waitFor();
    await expect(page.getByText('System memory').count()).resolves.toBeGreaterThan(0);
    await expect(page.getByText('Load average (1/5/15 min)').count()).resolves.toBe(1);
    await autoRefresh.uncheck();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await screenshot(page, 'admin-system-health');
  });

  it('Data Management: preview and import a CSV, export, clean up and archive', async () => {
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Data Management' })
      .click();
    await page.getByRole('heading', { name: 'Data Management' }).waitFor();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText('Please select a CSV file first').waitFor();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'week5.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'CSV preview' });
    await preview.getByRole('cell', { name: 'Josh Allen' }).waitFor();
    await expect(preview.locator('th').allTextContents()).resolves.toEqual([
      'Player',
      'Position',
      'Team',
      'Season',
      'Week',
      'Pred Mean',
      'Pred Std',
    ]);
    await preview.getByText(/^Rows without a season column go to the \d{4} season: /).waitFor();
    await expect(preview.getByText(/Row 5: position "XX"/).count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByText('Import completed! Created: 3, Updated: 0, Processed: 3').waitFor();
    await expect(
      page
        .getByRole('region', { name: 'Import results' })
        .getByText(/Broken Row/)
        .count(),
    ).resolves.toBe(1);
    await screenshot(page, 'admin-data-import');

    const tabs = page.getByRole('tablist', { name: 'Data management' });
    await tabs.getByRole('tab', { name: 'Import' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'Export' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    await page.getByLabel('Position').selectOption('QB');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Projections' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^projections_export_.+\.csv$/);
    await page.getByText('Projections data exported successfully').waitFor();
    const [analytics] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Analytics' }).click(),
    ]);
    expect(analytics.suggestedFilename()).toMatch(/^analytics_export_.+\.csv$/);

    await tabs.getByRole('tab', { name: 'Cleanup' }).click();
    await page.getByRole('button', { name: 'Preview archival' }).click();
    await page.getByText('Would archive 0 inactive users').waitFor();
    await page.getByLabel('Delete events older than (days)').fill('1');
    await page.getByRole('button', { name: 'Clean up analytics' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete events' }).click();
    await page.getByText(/^Deleted \d+ analytics events$/).waitFor();
    await screenshot(page, 'admin-data-cleanup');
    expect(errors).toEqual([]);
  });
});
