import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForAnimationsToEnd } from './animations.js';
import { launchBrowser, openPage, screenshot, SHARED_DIR, startE2eApp, type E2eApp } from './harness.js';

/** A few 2025 weeks are enough and import fast: the model then projects week 12 from them. */
const WEEKS = [9, 10, 11];
const IMPORT_TIMEOUT_MS = 150_000;

async function waitForImport(app: E2eApp): Promise<void> {
  const deadline = Date.now() + IMPORT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const response = await fetch(`${app.baseUrl}/api/projections/available-weeks`);
    const body = (await response.json()) as { latest: { season: number; week: number } | null };
    // the model writes the week after the last one last
    if (body.latest?.season === 2025 && body.latest.week === 12) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The NFL data import did not finish in time');
}

/** Serious or critical WCAG 2.1 AA violations on the page as it is now (with data shown). */
async function blockingViolations(page: Page): Promise<string[]> {
  await waitForAnimationsToEnd(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
}

/** The app may tell a slow headless browser that it reduced motion; that notice is dismissed when it gets in the way. */
async function dismissMotionNotice(page: Page): Promise<void> {
  await page.addLocatorHandler(
    page.getByRole('complementary', { name: 'Reduced motion notice' }),
    async () => {
      await page.getByRole('button', { name: 'Keep it reduced' }).click();
    },
  );
}

/** The player names of the projections table, top to bottom. */
function namesOnPage(page: Page): Promise<string[]> {
  return page.locator('.projections-table tbody th a').allTextContents();
}

function columnOf(page: Page, index: number): Promise<string[]> {
  return page.locator(`.projections-table tbody tr td:nth-of-type(${index})`).allTextContents();
}

describe('projections and compare', () => {
  let app: E2eApp;
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-e2e-nfl-'));
    mkdirSync(path.join(dataDir, '2025'));
    for (const week of WEEKS) {
      symlinkSync(
        path.join(SHARED_DIR, 'nfl-data', '2025', String(week)),
        path.join(dataDir, '2025', String(week)),
      );
    }
    [app, browser] = await Promise.all([
      startE2eApp({ name: 'projections', env: { NFL_DATA_DIR: dataDir } }),
      launchBrowser(),
    ]);
    await waitForImport(app);
  }, IMPORT_TIMEOUT_MS + 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets a visitor filter and page through the projections, under Home > Projections', async () => {
    const { page, errors, context } = await openPage(browser, app.baseUrl);
    await dismissMotionNotice(page);
    await page.goto('/projections');
    await page.locator('.projections-table').waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.textContent()).resolves.toBe('Home>Projections');
    await expect(crumbs.getByRole('link').allTextContents()).resolves.toEqual(['Home']);
    await expect(crumbs.locator('[aria-current="page"]').textContent()).resolves.toBe('Projections');
    await expect(page.getByText('2025 season, week 12').count()).resolves.toBe(1);
    const firstPage = await namesOnPage(page);
    expect(firstPage).toHaveLength(50);
    await screenshot(page, 'projections-1280');
    await expect(blockingViolations(page)).resolves.toEqual([]);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/Page 2 of/).waitFor();
    const secondPage = await namesOnPage(page);
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);

    await page.getByLabel('Position').selectOption('WR');
    await page.waitForURL(/position=WR/);
    await page.getByText(/Page 1 of/).waitFor();
    expect(new Set(await columnOf(page, 1))).toEqual(new Set(['WR']));

    await page.getByLabel('Team').selectOption('KC');
    await page.waitForURL(/team=KC/);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('.projections-table tbody tr td:nth-of-type(2)')).every(
        (cell) => cell.textContent === 'KC',
      ),
    );
    expect((await namesOnPage(page)).length).toBeGreaterThan(0);

    await page.getByLabel('Week').selectOption('2025-10');
    await page.waitForURL(/week=10/);
    await page.getByText('2025 season, week 10').waitFor();
    // a played week has its opponents
    const opponents = await columnOf(page, 3);
    expect(opponents.every((opponent) => /^@?[A-Z]{2,3}$/.test(opponent))).toBe(true);

    await page.getByLabel('Team').selectOption('ALL');
    await page.getByLabel('Search players').fill('zay flow');
    await page.waitForURL(/search=zay/);
    await page.waitForFunction(() => document.querySelectorAll('.projections-table tbody tr').length === 1);
    await expect(namesOnPage(page)).resolves.toEqual(['Zay Flowers']);
    await expect(
      page.getByRole('link', { name: 'How the numbers are made' }).getAttribute('href'),
    ).resolves.toBe('/methodology');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends /rankings to /projections', async () => {
    const { page, context } = await openPage(browser, app.baseUrl);
    await page.goto('/rankings');
    await page.waitForURL(`${app.baseUrl}/projections`);
    await page.locator('.projections-table').waitFor();
    await context.close();
  });

  it('compares two players picked by search, and the shared link opens the same comparison', async () => {
    const { page, errors, context } = await openPage(browser, app.baseUrl);
    await dismissMotionNotice(page);
    await page.goto('/compare');
    await page.getByRole('heading', { name: 'Compare Players' }).waitFor();
    for (const [typed, name] of [
      ['josh alle', 'Josh Allen'],
      ['lamar', 'Lamar Jackson'],
    ] as const) {
      await page.getByRole('combobox', { name: 'Add a player' }).fill(typed);
      await page
        .getByRole('listbox', { name: 'Matching players' })
        .getByRole('option', { name: new RegExp(name) })
        .click();
    }
    await page.waitForURL(/players=\d+,\d+/);
    const totals = page.getByRole('table', { name: 'Season totals' });
    // the table is shown with the first player while the second one's figures load: wait for his column
    await totals.getByRole('columnheader', { name: 'Lamar Jackson' }).waitFor();
    await expect(totals.getByRole('columnheader').allTextContents()).resolves.toEqual([
      'Season totals',
      'Josh Allen',
      'Lamar Jackson',
    ]);
    await page.getByRole('group', { name: /PPR points per week/ }).waitFor();
    await page.getByRole('table', { name: 'Advanced metrics' }).waitFor();
    const weekly = await page.getByRole('table', { name: 'PPR points by week' }).getByRole('row').count();
    expect(weekly).toBe(WEEKS.length + 1);
    await screenshot(page, 'compare-1280');
    await expect(blockingViolations(page)).resolves.toEqual([]);
    const sharedUrl = page.url();
    expect(sharedUrl).toMatch(/\/compare\?players=\d+,\d+$/);
    expect(errors).toEqual([]);
    await context.close();

    const other = await openPage(browser, app.baseUrl);
    await other.page.goto(`${sharedUrl}&season=2025`);
    const shared = other.page.getByRole('table', { name: 'Season totals' });
    await shared.waitFor();
    await expect(shared.getByRole('columnheader').allTextContents()).resolves.toEqual([
      'Season totals',
      'Josh Allen',
      'Lamar Jackson',
    ]);
    await expect(other.page.getByLabel('Season', { exact: true }).inputValue()).resolves.toBe('2025');
    expect(other.errors).toEqual([]);
    await other.context.close();
  });
});
