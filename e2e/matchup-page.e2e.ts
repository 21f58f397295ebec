import type { Page } from 'playwright-core';
import { blockingViolations } from './axe.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './harness.js';
import { LIVE_LEAGUE, type LiveLeagueSite, startLiveLeagueSite } from './live-league-site.js';
import { linkSleeper, openLeaguePage, openSignedInPage } from './site-pages.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** Chromium's CPU throttling for the "slow phone" timings. */
const SLOW_CPU_RATE = 4;

/** How far the page is wider than the screen (≤ 0 when it fits), with the widest culprits named when it does not. */
async function horizontalOverflow(page: Page): Promise<number> {
  const { overflow, culprits } = await page.evaluate(() => {
    const width = window.innerWidth;
    const isClipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits = Array.from(document.querySelectorAll('main *'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5 && !isClipped(element))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`);
    return { overflow: document.scrollingElement!.scrollWidth - width, culprits };
  });
  if (overflow > 0)
    console.log(`[matchup e2e] wider than the screen by ${overflow} px: ${culprits.join(', ')}`);
  return overflow;
}

describe('the matchup page, phone first', () => {
  let site: LiveLeagueSite;
  beforeAll(async () => {
    site = await startLiveLeagueSite('matchup-page');
  });
  afterAll(() => site?.stop());

  /** A signed-in user links Sleeper and opens the league page; answers the ms from "Select League" to a figure. */
  async function openLeague(page: Page): Promise<number> {
    await linkSleeper(page);
    return openLeaguePage(page, LIVE_LEAGUE);
  }

  const userPoints = (page: Page) => page.getByTestId('preview-user-points').textContent();

  /** Applies the lab's first suggested swap; answers its label and the ms until the win-probability bar followed. */
  async function applyFirstSwap(page: Page): Promise<{ label: string; ms: number }> {
    const apply = page.locator('button[aria-label^="Apply: "]:not([disabled])').first();
    await apply.waitFor({ timeout: 30_000 });
    const label = (await apply.getAttribute('aria-label'))!;
    await expect.poll(() => page.getByTestId('preview-win-probability').count()).toBe(1);
    const before = await userPoints(page);
    const startedAt = Date.now();
    await apply.click();
    await expect.poll(() => userPoints(page), { timeout: 15_000, interval: 20 }).not.toBe(before);
    return { label, ms: Date.now() - startedAt };
  }

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'at %s size: win probability in the first screen, labelled slots, an illegal line-up blocked, a swap applied',
    async (name, viewport) => {
      const { page, context, errors } = await openSignedInPage(site.browser, site.app, { viewport });
      const selectMs = await openLeague(page);
      console.log(`[matchup e2e] ${name}: Select League → win probability ${selectMs} ms`);
      await expect(page.getByTestId('preview-win-probability').textContent()).resolves.toMatch(/^\d+\.\d%$/);

      // Phone first: no sideways scrolling, and the figure inside the first screen.
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      const figure = await page.getByTestId('preview-win-probability').boundingBox();
      expect(figure!.y + figure!.height).toBeLessThanOrEqual(viewport.height);

      // The league's own slots, in its order (WRRB_FLEX shown as W/R).
      const slots = await page
        .locator('table.h2h tbody th[data-slot]')
        .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-slot')));
      expect(slots).toEqual(['QB', 'RB', 'RB', 'WR', 'WR', 'TE', 'WRRB_FLEX', 'K', 'DEF']);
      await expect(page.locator('th[data-slot="WRRB_FLEX"] .h2h__slot-name').textContent()).resolves.toBe(
        'W/R',
      );

      // The line-up's total is the simulation's expected score, and a defense without projection says so.
      await expect
        .poll(async () => [await page.getByTestId('lineup-total-user').textContent(), await userPoints(page)])
        .toSatisfy(([total, simulated]) => total === simulated);
      await page
        .getByText(
          /no projection: we have none of him this week, so the simulation counts the position’s average/,
        )
        .waitFor();
      expect(await blockingViolations(page)).toEqual([]);
      await screenshot(page, `matchup-${name}`);

      // A tenth starter is blocked with the rule it breaks; nothing is simulated until it is fixed.
      const bench = page.getByRole('region', { name: 'Your bench' });
      await bench.locator('button[aria-label^="Start "]').first().click();
      const problem = page.getByRole('alert').filter({ hasText: 'Line-up not allowed in this league.' });
      await problem.getByText('10 starters for 9 starting slots: bench 1 player.').waitFor();
      await page.getByTestId('win-bar-blocked').waitFor();
      await expect(page.getByRole('button', { name: 'Run simulation' }).isDisabled()).resolves.toBe(true);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `matchup-${name}-illegal`);
      await problem.getByRole('button', { name: 'Back to my saved line-up' }).click();
      await problem.waitFor({ state: 'detached' });
      await page.getByTestId('preview-win-probability').waitFor();

      // One tap from advice to line-up: the swap is made, and the figure follows.
      const swap = await applyFirstSwap(page);
      console.log(`[matchup e2e] ${name}: "${swap.label}" → updated win probability ${swap.ms} ms`);
      const [, playerIn, playerOut] = /^Apply: Start (.+) for (.+)$/.exec(swap.label) ?? [];
      if (playerIn && playerOut) {
        await page.getByRole('button', { name: `Bench ${playerIn}`, exact: true }).waitFor();
        await bench.getByRole('button', { name: `Start ${playerOut}`, exact: true }).waitFor();
      }
      await expect(page.getByRole('alert').count()).resolves.toBe(0);

      // Scrolled down to the bench, the win probability stays in view, just under the top bar.
      await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      const bar = (await page.getByRole('region', { name: 'Score' }).boundingBox())!;
      const topBar = (await page.locator('.topbar').boundingBox())!;
      expect(bar.y).toBeGreaterThanOrEqual(topBar.y + topBar.height - 1);
      expect(bar.y + bar.height).toBeLessThanOrEqual(viewport.height);
      await screenshot(page, `matchup-${name}-scrolled`, { firstScreen: true });
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'the team-vs-team page and its dashboard fit at %s size and stay accessible',
    async (name, viewport) => {
      const { page, context, errors } = await openSignedInPage(site.browser, site.app, { viewport });
      await openLeague(page);
      await page.getByRole('link', { name: 'Compare any two teams' }).click();
      await page.getByRole('button', { name: 'Analyze matchup' }).click();
      await page.waitForURL(`${site.app.baseUrl}/team-matchup/dashboard`);
      await page.getByTestId('win-probability').waitFor({ timeout: 30_000 });
      await page.getByRole('heading', { name: 'Players who swing it' }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await blockingViolations(page)).toEqual([]);
      await screenshot(page, `team-matchup-dashboard-${name}`);
      await page.getByRole('link', { name: 'Compare other teams' }).click();
      await page.getByRole('button', { name: 'Analyze matchup' }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await blockingViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('runs the simulation: start/sit’s “now” and best, the headline and the dashboard agree, and it opens in a new tab', async () => {
    const { page, context, errors } = await openSignedInPage(site.browser, site.app, { viewport: PHONE });
    await openLeague(page);
    await expect.poll(() => page.getByTestId('win-bar-updating').count()).toBe(0);
    const headline = () => page.getByTestId('preview-win-probability').textContent();
    // Start/sit's "now" is the headline's own figure (the lab and the preview draw the same scenarios)…
    const advice = page.getByRole('region', { name: 'Start / sit' });
    const labFigures = /Best line-up: (\d+\.\d%) to win \(now (\d+\.\d%)\)\.$/;
    await expect
      .poll(() => advice.locator('p').first().textContent(), { timeout: 30_000 })
      .toMatch(labFigures);
    const [, best, now] = (await advice.locator('p').first().textContent())!.match(labFigures)!;
    expect(now).toBe(await headline());
    // …and its best line-up, once applied, is what the headline then says.
    await advice.getByRole('button', { name: 'Best lineup' }).click();
    await expect.poll(headline, { timeout: 15_000 }).toBe(best);
    await expect.poll(() => page.getByTestId('win-bar-updating').count()).toBe(0);
    const previewed = await headline();
    await page.getByRole('button', { name: 'Run simulation' }).click();
    await page.waitForURL(`${site.app.baseUrl}/dashboard`);
    const simulated = page.getByTestId('win-probability');
    await simulated.waitFor({ timeout: 30_000 });
    await expect(simulated.textContent()).resolves.toBe(previewed);
    await page.getByRole('heading', { name: 'Players who swing it' }).waitFor();
    await page.getByRole('heading', { name: 'Edges by position' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await blockingViolations(page)).toEqual([]);
    await screenshot(page, 'matchup-dashboard-phone');

    const secondTab = await context.newPage();
    await secondTab.goto('/dashboard');
    await expect(secondTab.getByTestId('win-probability').textContent()).resolves.toBe(previewed);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('prints the time to the first win probability and to a line-up change, desktop and with 4× CPU throttling', async () => {
    const figures: string[] = [];
    for (const rate of [1, SLOW_CPU_RATE]) {
      const { page, context } = await openSignedInPage(site.browser, site.app, { viewport: DESKTOP });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const selectMs = await openLeague(page);
      const swap = await applyFirstSwap(page);
      figures.push(
        `CPU ÷${rate}: Select League → win probability ${selectMs} ms; line-up change → updated figure ${swap.ms} ms`,
      );
      await context.close();
    }
    console.log(`[matchup e2e] timings\n  ${figures.join('\n  ')}`);
    expect(figures).toHaveLength(2);
  });
});
