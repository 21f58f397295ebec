import { waitForAnimationsToEnd } from './animations.js';
import { blockingViolations } from './axe.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './harness.js';
import {
  IMPORTED_WEEK,
  IN_SEASON_LEAGUE,
  PHONE_AND_LAPTOP as VIEWPORTS,
  startInSeasonLeagueSite,
  type InSeasonLeagueSite,
} from './in-season-league.js';
import { cellsOffScreen, horizontalOverflow } from './page-fit.js';

describe('projections, compare and home on a phone and a laptop', () => {
  let site: InSeasonLeagueSite;

  beforeAll(async () => {
    site = await startInSeasonLeagueSite('phone-first');
  });
  afterAll(async () => {
    await site?.stop();
  });

  it.each(VIEWPORTS)(
    "home at $width px: each league shows this week's opponent and win probability on the first screen; the crumb names the league",
    async (viewport) => {
      const { page, context, errors } = await site.signedInPage(viewport);
      const openedAt = Date.now();
      await page.goto('/');
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: IN_SEASON_LEAGUE }) });
      const chance = card.locator('.league-matchup__chance');
      await expect.poll(() => chance.textContent(), { timeout: 30_000 }).toMatch(/^\d+\.\d% to win$/);
      console.log(
        `[phone-first e2e ${viewport.width}px] home → win probability on the card: ${Date.now() - openedAt} ms (${await chance.textContent()})`,
      );
      await expect(card.locator('.league-matchup__opponent').textContent()).resolves.toBeTruthy();
      // The cards slide in (8 px, staggered): measure where they come to rest.
      await waitForAnimationsToEnd(page);
      const box = await chance.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(await horizontalOverflow(page)).toEqual({ overflowPx: 0, outside: [] });
      await screenshot(page, `phone-first-home-${viewport.width}`);
      expect(await blockingViolations(page)).toEqual([]);

      // The same figure on a phone-class CPU (Chromium's 4× throttling), printed for the record.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const throttledAt = Date.now();
      await page.reload();
      await expect.poll(() => chance.textContent(), { timeout: 60_000 }).toMatch(/^\d+\.\d% to win$/);
      console.log(
        `[phone-first e2e ${viewport.width}px, 4× CPU throttling] home → win probability on the card: ${Date.now() - throttledAt} ms`,
      );
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

      await page.getByLabel('Season').selectOption('2024');
      await page.waitForURL(/\?season=2024$/);
      await page.getByText(/NFL season 2024/).waitFor();

      await page.goto('/');
      await card.getByRole('button', { name: `Select League ${IN_SEASON_LEAGUE}` }).click();
      await page.waitForURL(/\/simulate\/e2e_manager\/2025\/\d+$/);
      const crumbs = page.getByRole('navigation', { name: /breadcrumb/i });
      await expect.poll(() => crumbs.locator('li').last().textContent()).toBe(IN_SEASON_LEAGUE);
      expect(errors).toEqual([]);
      await context.close();
    },
    120_000,
  );

  it.each(VIEWPORTS)(
    'projections at $width px: fits the screen with the name column pinned while the table scrolls sideways',
    async (viewport) => {
      const { page, context, errors } = await site.signedInPage(viewport);
      await page.goto('/projections?season=2025&week=1');
      const table = page.getByRole('table', { name: 'Projected PPR points' });
      await table.waitFor();
      expect(await horizontalOverflow(page)).toEqual({ overflowPx: 0, outside: [] });
      const firstName = table.locator('tbody th').first();
      const before = await firstName.boundingBox();
      await page
        .locator('.table-wrap')
        .first()
        .evaluate((wrap) => wrap.scrollBy({ left: 400 }));
      const after = await firstName.boundingBox();
      expect(after?.x).toBe(before?.x);
      await expect(table.locator('tbody tr').first().locator('td').nth(2).textContent()).resolves.toMatch(
        /^(@?[A-Z]{2,3}|BYE)$/,
      );
      await screenshot(page, `phone-first-projections-${viewport.width}`);
      expect(await blockingViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(VIEWPORTS)(
    'compare at $width px: the keyboard combobox ranks "jefferson" sensibly, forgives a typo, and two players fit the screen',
    async (viewport) => {
      const { page, context, errors } = await site.signedInPage(viewport);
      await page.goto('/compare');
      const search = page.getByRole('combobox', { name: 'Add a player' });
      await search.fill('jefferson');
      const listbox = page.getByRole('listbox', { name: 'Matching players' });
      await expect.poll(() => listbox.getByRole('option').first().textContent()).toMatch(/^Justin Jefferson/);
      await search.fill('');
      await search.pressSequentially('jeferson');
      await expect.poll(() => listbox.getByRole('option').first().textContent()).toMatch(/^Justin Jefferson/);
      await search.press('ArrowDown');
      const firstOption = listbox.getByRole('option').first();
      await expect(search.getAttribute('aria-activedescendant')).resolves.toBe(
        await firstOption.getAttribute('id'),
      );
      await search.press('Enter');
      await page.waitForURL(/players=\d+/);
      await search.pressSequentially('van jefferson');
      await expect.poll(() => listbox.getByRole('option').first().textContent()).toMatch(/^Van Jefferson/);
      await search.press('ArrowDown');
      await search.press('Enter');
      await page.waitForURL(/players=\d+(,|%2C)\d+/);
      await page.getByRole('table', { name: 'Season totals' }).waitFor();
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      expect(await horizontalOverflow(page)).toEqual({ overflowPx: 0, outside: [] });
      await search.fill('mahommes');
      await expect.poll(() => listbox.getByRole('option').first().textContent()).toMatch(/^Patrick Mahomes/);
      await search.press('Escape');
      await expect(search.getAttribute('aria-expanded')).resolves.toBe('false');
      await search.press('Escape');
      await expect(search.inputValue()).resolves.toBe('');
      await screenshot(page, `phone-first-compare-${viewport.width}`);
      expect(await blockingViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
  it.each(VIEWPORTS)(
    'compare with four players at $width px: every column on screen (cards on a phone), nothing to swipe',
    async (viewport) => {
      const { page, context, errors } = await site.signedInPage(viewport);
      const top = (await (
        await page.request.get(`/api/projections/public/all?week=${IMPORTED_WEEK.week}&limit=4`)
      ).json()) as { data: Array<{ player_id: string; season: number }> };
      expect(top.data).toHaveLength(4);
      const ids = top.data.map((row) => row.player_id).join(',');
      await page.goto(`/compare?players=${ids}&season=${top.data[0]!.season}`);
      const totals = page.getByRole('table', { name: 'Season totals' });
      await totals.getByRole('columnheader').nth(4).waitFor({ state: 'attached' });
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      expect(await horizontalOverflow(page)).toEqual({ overflowPx: 0, outside: [] });
      expect(await cellsOffScreen(page)).toEqual([]);
      await screenshot(page, `phone-first-compare-4-players-${viewport.width}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
