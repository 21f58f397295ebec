import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockingViolations } from './axe.js';
import { screenshot } from './harness.js';
import {
  IN_SEASON_LEAGUE,
  PHONE_AND_LAPTOP as VIEWPORTS,
  startInSeasonLeagueSite,
  type InSeasonLeagueSite,
  type Viewport,
} from './in-season-league.js';
import { horizontalOverflow } from './page-fit.js';

/** The bound for the win-win finder on a 12-team league; this league has 10. */
const TRADE_SEARCH_LIMIT_MS = 10_000;

describe('rest of season: free agents, trades and playoff leverage on a phone and a laptop', () => {
  let site: InSeasonLeagueSite;

  beforeAll(async () => {
    site = await startInSeasonLeagueSite('rest-of-season');
  });
  afterAll(async () => {
    await site?.stop();
  });

  /** The league page, opened from the home page as a person would. */
  const openLeague = async (viewport: Viewport) => {
    const opened = await site.signedInPage(viewport);
    const { page } = opened;
    await page.goto('/');
    await page.getByRole('button', { name: `Select League ${IN_SEASON_LEAGUE}` }).click();
    await page.waitForURL(/\/simulate\/e2e_manager\/2025\/\d+$/);
    return opened;
  };

  const fitsTheScreen = async (page: Page) =>
    expect(await horizontalOverflow(page)).toEqual({ overflowPx: 0, outside: [] });

  it.each(VIEWPORTS)(
    'free agents at $width px: rows best first with projections, whom each starts over and drops; a tap shows my line-up after the pickup; each links to claim him',
    async (viewport) => {
      const { page, context, errors } = await openLeague(viewport);
      await page.getByRole('link', { name: 'Free agents' }).click();
      await page.waitForURL(/\/free-agents$/);
      const table = page.getByRole('table', { name: 'Free agents, best pickup first' });
      await table.waitFor({ timeout: 30_000 });
      const rows = table.locator('tbody tr');
      await expect(rows.count()).resolves.toBeGreaterThan(0);
      await expect(page.getByText(/season simulations · data as of/).count()).resolves.toBe(1);
      const cells = (label: string) => table.locator(`tbody td[data-label^="${label}"]`).allTextContents();
      // players with a projection first, each with his points this week; the ones without say so, last
      const projections = await cells('Proj wk');
      const firstUnprojected = projections.indexOf('No projection');
      const projected = firstUnprojected === -1 ? projections : projections.slice(0, firstUnprojected);
      expect(projected.length).toBeGreaterThan(0);
      expect(projected.every((text) => /^\d+\.\d$/.test(text))).toBe(true);
      expect(projections.slice(projected.length).every((text) => text === 'No projection')).toBe(true);
      // whom he starts over (or that he would not) and whom the pickup drops, in words, never an id
      const startsOver = (await cells('Starts over')).slice(0, projected.length);
      const drops = (await cells('Drops')).slice(0, projected.length);
      for (const text of [...startsOver, ...drops]) expect(text).toMatch(/^\D\S* \S/);
      const claim = table.getByRole('link', { name: /^Claim .+ on Sleeper$/ }).first();
      expect(await claim.getAttribute('href')).toMatch(/^https:\/\/sleeper\.com\/players\/nfl\/\w+$/);
      await fitsTheScreen(page);

      await rows.first().locator('td[data-label="Pos"]').click();
      const starters = page.getByRole('list', { name: 'Starters after the pickup' });
      await starters.waitFor();
      await expect(starters.getByRole('listitem').count()).resolves.toBeGreaterThan(0);
      await expect(page.getByText(/^Dropped:/).count()).resolves.toBe(1);
      await fitsTheScreen(page);
      await screenshot(page, `rest-of-season-free-agents-${viewport.width}`);
      expect(await blockingViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    120_000,
  );

  it.each(VIEWPORTS)(
    'trades at $width px: the finder shows its progress and answers win-win trades in time; the analyzer prices a trade',
    async (viewport) => {
      const { page, context, errors } = await openLeague(viewport);
      await page.getByRole('link', { name: 'Trades' }).click();
      await page.waitForURL(/\/trades$/);
      const startedAt = Date.now();
      await page.getByRole('button', { name: 'Find win-win trades' }).click();
      const answered = page
        .getByRole('list', { name: 'Win-win trades, best for you first' })
        .or(page.getByText(/^No win-win trade/));
      await answered.waitFor({ timeout: 30_000 });
      const searchMs = Date.now() - startedAt;
      console.log(`[rest-of-season e2e ${viewport.width}px] Find win-win trades → answer: ${searchMs} ms`);
      expect(searchMs).toBeLessThan(TRADE_SEARCH_LIMIT_MS);
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
      // Each suggestion says why it helps both teams, read off their line-ups.
      const reasons = await page.locator('.trade-suggestion__reason').allTextContents();
      for (const reason of reasons) expect(reason).toMatch(/ for you.*; .* becomes their /);
      await fitsTheScreen(page);

      const partner = page.getByLabel('Trade with');
      await partner.selectOption({ index: 1 });
      const firstToGive = page
        .getByRole('group', { name: /You give/ })
        .getByRole('checkbox')
        .first();
      // The row around a checkbox is its tap target: at least 44 px high.
      const row = await page.locator('.player-checklist label').first().boundingBox();
      expect(row?.height).toBeGreaterThanOrEqual(44);
      await firstToGive.check();
      await page
        .getByRole('group', { name: /You get from/ })
        .getByRole('checkbox')
        .first()
        .check();
      await page.getByRole('button', { name: 'Analyze trade' }).click();
      const result = page
        .locator('.trade-analyzer')
        .getByRole('table', { name: /^What the trade does for you/ });
      await result.waitFor({ timeout: 30_000 });
      await expect(result.locator('tbody td').allTextContents()).resolves.toHaveLength(6);
      await fitsTheScreen(page);
      await screenshot(page, `rest-of-season-trades-${viewport.width}`);
      expect(await blockingViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    120_000,
  );

  it.each(VIEWPORTS)(
    'playoff leverage at $width px: every team beside the matchup, mine first, fitting the screen',
    async (viewport) => {
      const { page, context, errors } = await openLeague(viewport);
      const leverage = page.locator('.playoff-leverage table');
      await leverage.waitFor({ timeout: 30_000 });
      const teams = await leverage.locator('tbody th').allTextContents();
      expect(teams).toHaveLength(10);
      expect(teams[0]).toMatch(/\(you\)$/);
      await fitsTheScreen(page);
      await screenshot(page, `rest-of-season-leverage-${viewport.width}`);
      expect(errors).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
