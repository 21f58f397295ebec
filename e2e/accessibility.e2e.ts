import { blockingViolations } from './axe.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, startE2eApp, type E2eApp } from './harness.js';
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

const PREFERENCES_KEY = 'fm_preferences';

/** Is a visible focus indicator drawn around the focused element? */
function focusRingOf(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const hasOutline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const hasRing = style.boxShadow !== 'none' && style.boxShadow.includes('px');
    const box = el.getBoundingClientRect();
    return {
      label: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60),
      href: el.getAttribute('href'),
      isVisible: hasOutline || hasRing,
      isOnScreen: box.width > 0 && box.height > 0,
    };
  });
}

describe('accessibility', () => {
  let app: E2eApp;
  let browser: Browser;
  let userEmail: string;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startE2eApp({ name: 'accessibility', env: ADMIN_ENV }),
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

  async function openAs(
    role: Role,
    width = 1280,
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const opened = await openPage(browser, app.baseUrl, { viewport: { width, height: 900 } });
    if (role === 'user') await signIn(opened.context, userEmail);
    if (role === 'admin') await signIn(opened.context, ADMIN_EMAIL);
    return opened;
  }

  const cases = (Object.entries(PAGES) as [Role, SitePage[]][]).flatMap(([role, pages]) =>
    pages.map((p) => ({ role, ...p })),
  );
  it.each(cases)(
    '$role: $name ($path) has no serious or critical axe violations',
    async ({ role, ...sitePage }) => {
      const { page, context, errors } = await openAs(role, sitePage.width);
      await page.goto(sitePage.path);
      await waitForPage(page);
      expect(new URL(page.url()).pathname).toBe(pathnameOf(sitePage.path));
      await sitePage.reveal?.(page);
      expect(await blockingViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('would catch a violation: a low-contrast paragraph added to the page is reported', async () => {
    const { page, context } = await openAs('visitor');
    await page.goto('/');
    await waitForPage(page);
    await page.evaluate(() => {
      const faint = document.createElement('p');
      faint.textContent = 'Barely readable';
      faint.style.cssText = 'color:#1a2233;background:#0b1220';
      document.querySelector('main')!.append(faint);
    });
    expect((await blockingViolations(page)).join('\n')).toContain('color-contrast');
    await context.close();
  });

  it('lets a keyboard reach every landing control in order, each with a visible focus ring', async () => {
    const { page, context } = await openAs('visitor');
    await page.goto('/');
    await waitForPage(page);
    const stops: NonNullable<Awaited<ReturnType<typeof focusRingOf>>>[] = [];
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const stop = await focusRingOf(page);
      if (!stop) break;
      stops.push(stop);
    }
    expect(stops[0]!.label).toBe('Skip to content');
    const invisible = stops.filter((s) => !s.isVisible || !s.isOnScreen).map((s) => s.label);
    expect(invisible).toEqual([]);
    const hrefs = stops.map((s) => s.href);
    for (const href of ['/projections', '/register', '/login', '/methodology']) expect(hrefs).toContain(href);
    expect(stops.some((s) => s.label.startsWith('What does'))).toBe(true);
    expect(stops.some((s) => s.label.includes('open a larger screenshot'))).toBe(true);
    await context.close();
  });

  it('opens a definition and a screenshot by keyboard, and Escape brings focus back', async () => {
    const { page, context } = await openAs('visitor');
    await page.goto('/');
    await waitForPage(page);
    await page.getByRole('button', { name: 'What does “Simulations run” mean?' }).focus();
    await expect(page.getByRole('tooltip').textContent()).resolves.toContain('counted in our database');

    const thumb = page.locator('.gallery__thumb').first();
    await thumb.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor();
    await expect(page.evaluate(() => !!document.activeElement?.closest('dialog'))).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(thumb.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await context.close();
  });

  it('turns Reduce Motion on from Settings by keyboard only, and it stays on after a reload', async () => {
    const { page, context } = await openAs('user');
    await page.goto('/settings');
    await waitForPage(page);
    await page.getByRole('tab', { name: 'Account' }).focus();
    await page.keyboard.press('ArrowRight');
    const accessibilityTab = page.getByRole('tab', { name: 'Accessibility' });
    // The tab is kept in the URL (?tab=), and the router applies that navigation a moment later.
    await expect.poll(() => accessibilityTab.getAttribute('aria-selected')).toBe('true');
    const toggle = page.getByRole('switch', { name: 'Reduce Motion', exact: true });
    for (let i = 0; i < 10 && !(await toggle.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(focusRingOf(page)).resolves.toMatchObject({ isVisible: true });
    await page.keyboard.press('Space');
    await expect(toggle.isChecked()).resolves.toBe(true);
    await expect(
      page.evaluate(() => document.documentElement.classList.contains('reduce-motion')),
    ).resolves.toBe(true);
    await expect(
      page.getByRole('status').filter({ hasText: 'Reduced motion is on' }).textContent(),
    ).resolves.toContain('because you switched it on');
    await page.reload();
    await waitForPage(page);
    await expect(
      page.evaluate(() => document.documentElement.classList.contains('reduce-motion')),
    ).resolves.toBe(true);
    await context.close();
  });

  describe('reduced motion', () => {
    /** Transition and animation durations of the first element matching, in seconds. */
    const motionOf = (page: Page, selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => {
          const s = getComputedStyle(el);
          const longest = (list: string) => Math.max(...list.split(',').map((d) => parseFloat(d)));
          return {
            transition: longest(s.transitionDuration),
            animation: longest(s.animationDuration),
            transform: s.transform,
          };
        });

    async function hoverFeatureCard(page: Page) {
      const card = page.locator('.feature.card--enhanced').first();
      await card.hover();
      await page.waitForTimeout(400);
      return motionOf(page, '.feature.card--enhanced');
    }

    it('animates enhanced cards when nothing asks for less motion', async () => {
      const { page, context } = await openAs('visitor');
      await page.goto('/');
      await waitForPage(page);
      await expect(
        page.evaluate(() => document.documentElement.classList.contains('reduce-motion')),
      ).resolves.toBe(false);
      const moving = await hoverFeatureCard(page);
      expect(moving.transition).toBeGreaterThan(0.1);
      expect(moving.transform).not.toBe('none');
      await context.close();
    });

    it('follows the browser preference: no animations, transitions or enhanced cards', async () => {
      const { page, context } = await openAs('visitor');
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      await waitForPage(page);
      await expect(
        page.evaluate(() => document.documentElement.classList.contains('reduce-motion')),
      ).resolves.toBe(true);
      const still = await hoverFeatureCard(page);
      expect(still.transition).toBeLessThan(0.01);
      expect(still.transform).toBe('none');
      const spinner = await page.evaluate(() => {
        const probe = document.createElement('div');
        probe.className = 'spinner__wheel';
        document.body.append(probe);
        const { animationDuration, animationIterationCount } = getComputedStyle(probe);
        probe.remove();
        return { animationDuration: parseFloat(animationDuration), animationIterationCount };
      });
      expect(spinner.animationDuration).toBeLessThan(0.01);
      expect(spinner.animationIterationCount).toBe('1');

      // Watched live: the preference going away brings motion back without a reload.
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await page.waitForFunction(() => !document.documentElement.classList.contains('reduce-motion'));
      await context.close();
    });

    it('follows the saved Reduce Motion setting across reloads', async () => {
      const { page, context } = await openAs('visitor');
      await page.goto('/');
      await waitForPage(page);
      await page.evaluate((key) => {
        const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
        saved.motionPreferences = { ...saved.motionPreferences, reducedMotion: true, userOverride: true };
        localStorage.setItem(key, JSON.stringify(saved));
      }, PREFERENCES_KEY);
      await page.reload();
      await waitForPage(page);
      await expect(
        page.evaluate(() => document.documentElement.classList.contains('reduce-motion')),
      ).resolves.toBe(true);
      const still = await hoverFeatureCard(page);
      expect(still.transition).toBeLessThan(0.01);
      expect(still.transform).toBe('none');
      await context.close();
    });
  });
});
