import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, startE2eApp, type E2eApp } from './harness.js';
import { ADMIN_EMAIL, ADMIN_ENV, registerVerifiedUser, signIn } from './site-pages.js';

const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;
const SYNC_TIMEOUT_MS = 60_000;

/** Every console error a page logs, failed requests included (the harness leaves those out). */
function everyConsoleError(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`${message.text()} (${page.url()})`);
  });
  return seen;
}

describe('the walkthrough: signed-out pages, Yahoo without an app, a failing data sync', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startE2eApp({
        name: 'walkthrough-admin',
        // The live-data sync runs against a closed port: every run fails. No Yahoo app is configured.
        env: { ...ADMIN_ENV, SLEEPER_API_URL: 'http://127.0.0.1:9', DATA_SYNC_MINUTES: '60' },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it.each(SIZES)('at %s size signed-out pages log no error, not even a 401', async (_name, viewport) => {
    const { page, context, errors } = await openPage(browser, app.baseUrl, { viewport });
    const logged = everyConsoleError(page);
    for (const path of ['/', '/projections', '/compare', '/methodology', '/login', '/register']) {
      const session = page.waitForResponse((response) => response.url().includes('/trpc/auth.session'));
      await page.goto(path);
      expect((await session).status()).toBe(200);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(logged).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says Yahoo linking is not set up instead of offering a button that fails', async () => {
    const { page, context, errors } = await openPage(browser, app.baseUrl, {
      viewport: { width: 390, height: 844 },
    });
    await signIn(context, await registerVerifiedUser(app, context));
    await page.goto('/link-leagues');
    const yahoo = page.getByRole('region', { name: 'Yahoo' });
    await yahoo.getByText('Yahoo linking is not set up on this server.', { exact: false }).waitFor();
    await expect(yahoo.getByRole('button', { name: 'Connect Yahoo' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'walkthrough-link-leagues-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(SIZES)(
    'at %s size System Health shows the failing data sync and one server error rate',
    async (name, viewport) => {
      const { page, context, errors } = await openPage(browser, app.baseUrl, { viewport });
      await signIn(context, ADMIN_EMAIL);
      await expect
        .poll(
          async () => {
            const answer = await context.request.get('/api/admin/system/health');
            return ((await answer.json()) as { data: { components: { dataSync: { status: string } } } }).data
              .components.dataSync.status;
          },
          { timeout: SYNC_TIMEOUT_MS, interval: 500 },
        )
        .not.toBe('unknown');
      await page.goto('/admin/system-health');
      await page.getByRole('heading', { name: 'System Health' }).waitFor();
      const sync = page.locator('.stat-card', { hasText: 'Data sync' });
      await expect(sync.locator('.stat-card__value').textContent()).resolves.toBe('Failing');
      await expect(sync.locator('.stat-card__hint').textContent()).resolves.toMatch(
        /^\d+ failed runs? in a row · never succeeded · /,
      );
      await page
        .getByRole('region', { name: 'Active issues' })
        .getByText(/^The live-data sync failed/)
        .waitFor();
      await expect(page.locator('.admin-badge').first().textContent()).resolves.not.toBe('healthy');
      // One error rate, named for what it counts; Error Monitoring counts errors of every kind apart.
      await expect(page.getByText('Error rate', { exact: true }).count()).resolves.toBe(0);
      await expect(page.getByText('Server errors', { exact: true }).count()).resolves.toBe(1);
      await expect(page.getByText('Errors (last hour)', { exact: true }).count()).resolves.toBe(1);
      expect(
        await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await screenshot(page, `walkthrough-system-health-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
