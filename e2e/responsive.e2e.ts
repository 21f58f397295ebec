import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, startE2eApp, type E2eApp } from './harness.js';
import {
  ADMIN_EMAIL,
  ADMIN_ENV,
  PAGES,
  pathnameOf,
  registerVerifiedUser,
  signIn,
  waitForPage,
  type Role,
  type SitePage,
} from './site-pages.js';

/** Phone, tablet and laptop widths: every page must work at each. */
const WIDTHS = [375, 768, 1280] as const;
/** Below this width the main navigation folds into the menu button (global.css). */
const SIDEBAR_BREAKPOINT = 900;

describe('responsive layout', () => {
  let app: E2eApp;
  let browser: Browser;
  let userEmail: string;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startE2eApp({ name: 'responsive', env: ADMIN_ENV }),
      launchBrowser(),
    ]);
    const { context } = await openPage(browser, app.baseUrl);
    userEmail = await registerVerifiedUser(app, context);
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  // Pages checked at a given width only (e.g. the mobile menu) keep to that width.
  const cases = (Object.entries(PAGES) as [Role, SitePage[]][]).flatMap(([role, pages]) =>
    pages.filter((p) => !p.width).map((p) => ({ role, ...p })),
  );

  it.each(cases)(
    '$role: $name ($path) fits 375, 768 and 1280 px without sideways scrolling',
    async ({ role, ...sitePage }) => {
      for (const width of WIDTHS) {
        const { page, context, errors } = await openPage(browser, app.baseUrl, {
          viewport: { width, height: 900 },
        });
        if (role !== 'visitor') await signIn(context, role === 'admin' ? ADMIN_EMAIL : userEmail);
        await page.goto(sitePage.path);
        await waitForPage(page);
        expect(new URL(page.url()).pathname).toBe(pathnameOf(sitePage.path));
        await sitePage.reveal?.(page);
        const fit = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
          overflowing: Array.from(document.querySelectorAll('main *'))
            .filter(
              (el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest('.table-wrap'),
            )
            .slice(0, 5)
            .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`),
        }));
        expect({ width, ...fit }).toEqual({
          width,
          scrollWidth: fit.innerWidth,
          innerWidth: width,
          overflowing: [],
        });
        const menuButton = page.getByRole('button', { name: 'Open menu' });
        await expect(menuButton.isVisible()).resolves.toBe(width < SIDEBAR_BREAKPOINT);
        await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(
          width >= SIDEBAR_BREAKPOINT,
        );
        await screenshot(page, `responsive-${sitePage.name}-${width}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    },
  );
});
