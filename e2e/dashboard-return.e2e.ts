import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshot } from './harness.js';
import { LIVE_LEAGUE, type LiveLeagueSite, startLiveLeagueSite } from './live-league-site.js';
import { linkSleeper, openLeaguePage, openSignedInPage, signIn } from './site-pages.js';

const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;

/** Runs the league's simulation from its page; answers the figure the page's headline showed before the run. */
async function runSimulation(page: Page): Promise<string> {
  await linkSleeper(page);
  await openLeaguePage(page, LIVE_LEAGUE);
  const headline = (await page.getByTestId('preview-win-probability').textContent())!;
  // Pressed from far down the league page, as a user does after reading the line-ups.
  await page.getByRole('button', { name: 'Run simulation' }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.getByTestId('win-probability').waitFor({ timeout: 30_000 });
  return headline;
}

describe('getting back to results: the dashboard', () => {
  let site: LiveLeagueSite;
  beforeAll(async () => {
    site = await startLiveLeagueSite('dashboard-return');
  });
  afterAll(() => site?.stop());

  it.each(SIZES)(
    'at %s size it opens at the top, focus on its heading, the win probability in the first screen; boom/bust fits',
    async (name, viewport) => {
      const { page, context, errors } = await openSignedInPage(site.browser, site.app, { viewport });
      const headline = await runSimulation(page);
      // one number: the dashboard shows the league page's headline figure
      expect(await page.getByTestId('win-probability').textContent()).toBe(headline);

      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const focused = await page.evaluate(() => ({
        tag: document.activeElement?.tagName,
        text: document.activeElement?.textContent,
      }));
      expect(focused.tag).toBe('H1');
      expect(focused.text).toMatch(/ vs /);
      const figure = (await page.getByTestId('win-probability').boundingBox())!;
      expect(figure.y + figure.height).toBeLessThanOrEqual(viewport.height);
      await screenshot(page, `dashboard-first-screen-${name}`, { firstScreen: true });

      // Every figure of the boom/bust table is on screen, with no sideways swipe inside the table.
      const table = page.locator('table.player-outlook-table').first();
      await table.scrollIntoViewIfNeeded();
      const cells = await table.locator('tbody td').evaluateAll((tds) =>
        tds.map((td) => {
          const box = td.getBoundingClientRect();
          return { left: box.left, right: box.right };
        }),
      );
      expect(cells.length).toBeGreaterThan(0);
      for (const cell of cells) {
        expect(cell.left).toBeGreaterThanOrEqual(0);
        expect(cell.right).toBeLessThanOrEqual(viewport.width);
      }
      expect(
        await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      // Edges by position and the season outlook too: every column on screen (cards on a phone).
      for (const label of ['Edges by position', 'Playoff odds by team']) {
        const region = page.getByRole('region', { name: label });
        await region.locator('tbody td').first().waitFor({ timeout: 30_000 });
        const outside = await region
          .locator('tbody td')
          .evaluateAll(
            (tds) =>
              tds
                .map((td) => td.getBoundingClientRect())
                .filter((box) => box.left < 0 || box.right > window.innerWidth + 1).length,
          );
        expect(outside, label).toBe(0);
        expect(await region.evaluate((box) => box.scrollWidth - box.clientWidth), label).toBeLessThanOrEqual(
          0,
        );
      }
      await screenshot(page, `dashboard-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('every page opens at its top with focus on its heading, however far down the last one was left', async () => {
    const viewport = { width: 390, height: 844 };
    const { page, context, errors } = await openSignedInPage(site.browser, site.app, { viewport });
    await linkSleeper(page);
    await page.goto('/');
    const select = page.getByRole('button', { name: `Select League ${LIVE_LEAGUE}` });
    await select.scrollIntoViewIfNeeded();
    await select.click();
    await page.waitForURL(/\/simulate\//);
    await page.getByTestId('preview-win-probability').waitFor({ timeout: 30_000 });
    const place = () =>
      page.evaluate(() => ({ scrollY: window.scrollY, focused: document.activeElement?.tagName }));
    expect(await place()).toEqual({ scrollY: 0, focused: 'H1' });
    await screenshot(page, 'league-opens-at-top-390', { firstScreen: true });

    // from the foot of the long league page to another page
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.locator('footer').getByRole('link', { name: 'Methodology' }).click();
    await page.waitForURL(/\/methodology$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(place).toEqual({ scrollY: 0, focused: 'H1' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is one tap away from anywhere: a Dashboard link in the navigation', async () => {
    const { page, context, errors } = await openSignedInPage(site.browser, site.app);
    await page.goto('/projections');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the simulations on the server: after a new login the dashboard lists them, one tap reopens the league', async () => {
    const first = await openSignedInPage(site.browser, site.app, { viewport: { width: 390, height: 844 } });
    const { email } = first;
    const headline = await runSimulation(first.page);
    const shown = await first.page.getByTestId('win-probability').textContent();
    expect(shown).toBe(headline);
    await first.context.close();

    const { page, context, errors } = await openPage(site.browser, site.app.baseUrl, {
      viewport: { width: 390, height: 844 },
    });
    await signIn(context, email);
    await page.goto('/dashboard');
    const recent = page.getByRole('region', { name: 'Your recent simulations' });
    const link = recent.getByRole('link', { name: /^.+ vs .+$/ }).first();
    await link.waitFor();
    // The list shows the run the server stored: the same figure as the league page's headline and the dashboard.
    expect(shown).toMatch(/%$/);
    await expect(recent.locator('li').first().textContent()).resolves.toContain(` · ${shown} to win`);
    await link.click();
    await page.waitForURL(/\/simulate\/e2e_manager\/2025\//);
    await page.getByTestId('preview-win-probability').waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
