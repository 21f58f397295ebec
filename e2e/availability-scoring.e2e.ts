import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaySeasonData, startFakeSleeperSeason, type FakeSleeperSeason } from '@fm/api/testing';
import { ADMIN_EMAIL, ADMIN_ENV, signIn } from './site-pages.js';
import { launchBrowser, openPage, screenshot, startE2eApp, type E2eApp } from './harness.js';

/** Week 5 of 2025 is played: four teams are on bye, the directory marks some players out. */
const SEASON = 2025;
const WEEK = 5;
const SYNC_TIMEOUT_MS = 240_000;
const PHONE = { width: 390, height: 844 };

interface ApiRow {
  player_id: string;
  player_name: string;
  position: string;
  pred_mean: number;
  status: string | null;
  status_reason: string | null;
  is_out: boolean;
}

async function listed(app: E2eApp, query: string): Promise<ApiRow[]> {
  const response = await fetch(
    `${app.baseUrl}/api/projections/public/all?season=${SEASON}&week=${WEEK}&limit=500&${query}`,
  );
  return ((await response.json()) as { data: ApiRow[] }).data;
}

async function waitForCurrentWeek(app: E2eApp): Promise<void> {
  const deadline = Date.now() + SYNC_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const rows = await listed(app, '').catch(() => []);
    if (rows.length > 0 && rows.some((row) => row.status === 'IR')) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The first sync did not finish in time');
}

/** What the user sees without scrolling. */
async function firstScreen(page: Page, name: string): Promise<void> {
  await screenshot(page, name, { firstScreen: true });
}

function pageWidth(page: Page): Promise<{ scroll: number; viewport: number }> {
  return page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    viewport: window.innerWidth,
  }));
}

/** The row (or phone card) of a player in the projections table. */
function rowOf(page: Page, name: string) {
  return page
    .locator('.projections-table tbody tr')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
}

describe('availability and scoring formats, on a phone and a desktop', () => {
  let upstream: FakeSleeperSeason;
  let app: E2eApp;
  let browser: Browser;
  /** Directory players we put on injured reserve and list as questionable. */
  let injured: string;
  let questionable: string;
  let receivers: ApiRow[];

  beforeAll(async () => {
    const data = replaySeasonData({
      season: SEASON,
      week: WEEK,
      withSchedule: true,
      withPreviousSeason: false,
    });
    // The best-ranked healthy receivers of the directory: one goes on IR, one is questionable.
    const ranked = Object.values(data.players)
      .filter((p) => p.position === 'WR' && !p.injury_status && typeof p.search_rank === 'number')
      .sort((a, b) => a.search_rank - b.search_rank);
    ranked[0]!.injury_status = 'IR';
    ranked[1]!.injury_status = 'Questionable';
    injured = ranked[0]!.full_name as string;
    questionable = ranked[1]!.full_name as string;
    upstream = await startFakeSleeperSeason(data);
    [app, browser] = await Promise.all([
      startE2eApp({
        name: 'availability',
        env: { SLEEPER_API_URL: upstream.url, DATA_SYNC_MINUTES: '60', ...ADMIN_ENV },
      }),
      launchBrowser(),
    ]);
    await waitForCurrentWeek(app);
    receivers = (await listed(app, 'status=healthy')).filter((row) => row.position === 'WR');
  }, SYNC_TIMEOUT_MS + 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await upstream?.close();
  });

  it('tags injured and bye players on /projections, an out player projects 0 with the reason, and the status filter works', async () => {
    const { page, errors, context } = await openPage(browser, app.baseUrl);
    await page.goto(`/projections?search=${encodeURIComponent(injured)}`);
    const injuredRow = rowOf(page, injured);
    await injuredRow.getByText('On injured reserve: projects 0').waitFor();
    await expect(injuredRow.locator('.status-tag').textContent()).resolves.toBe('IR (On injured reserve)');
    await expect(injuredRow.locator('.projections-table__mean').textContent()).resolves.toBe('0.0');

    await page.goto(`/projections?search=${encodeURIComponent(questionable)}`);
    await expect(rowOf(page, questionable).locator('.status-tag').textContent()).resolves.toBe(
      'Q (Questionable)',
    );

    await page.goto('/projections');
    await page.getByLabel('Status').selectOption('out');
    await page.waitForURL(/status=out/);
    await rowOf(page, injured).waitFor();
    const tags = await page.locator('.projections-table tbody tr .status-tag').allTextContents();
    const rows = await page.locator('.projections-table tbody tr').count();
    expect(tags).toHaveLength(rows);
    for (const tag of tags) expect(tag).toMatch(/^(O|IR|Sus|PUP|NFI|NA|COV|DNR|BYE) /);
    // every player on this page projects 0
    const means = await page.locator('.projections-table__mean').allTextContents();
    expect(new Set(means)).toEqual(new Set(['0.0']));
    await firstScreen(page, 'availability-projections-out-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows half-PPR and standard: a receiver projects fewer points, and the page says which scoring', async () => {
    const { page, errors, context } = await openPage(browser, app.baseUrl);
    const receiver = receivers[0]!;
    const [standard] = (await listed(app, `scoring=std&players=${receiver.player_id}`)) as ApiRow[];
    expect(standard!.pred_mean).toBeLessThan(receiver.pred_mean);

    await page.goto(`/projections?position=WR&search=${encodeURIComponent(receiver.player_name)}`);
    await expect(
      rowOf(page, receiver.player_name).locator('.projections-table__mean').textContent(),
    ).resolves.toBe(receiver.pred_mean.toFixed(1));
    await page.getByLabel('Scoring').selectOption('std');
    await page.getByText('Standard scoring', { exact: false }).waitFor();
    await page.getByRole('table', { name: 'Projected Standard points' }).waitFor();
    await expect(
      rowOf(page, receiver.player_name).locator('.projections-table__mean').textContent(),
    ).resolves.toBe(standard!.pred_mean.toFixed(1));
    await screenshot(page, 'availability-projections-standard-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, every figure of /projections is on screen with no sideways scroll', async () => {
    const { page, errors, context } = await openPage(browser, app.baseUrl, { viewport: PHONE });
    await page.goto('/projections');
    const first = page.locator('.projections-table tbody tr').first();
    await first.waitFor();
    for (const label of ['Projection', 'Boom', 'Bust', 'Range (p10–p90)']) {
      const box = await first.locator(`td[data-label="${label}"]`).boundingBox();
      expect(box, label).not.toBeNull();
      expect(box!.x, label).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, label).toBeLessThanOrEqual(PHONE.width);
    }
    const width = await pageWidth(page);
    expect(width.scroll).toBeLessThanOrEqual(width.viewport);
    await screenshot(page, 'availability-projections-390');

    // "Next" at the bottom of a page lands on the first player of the next one, in the first screen.
    const firstName = await first.locator('th a').textContent();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => first.locator('th a').textContent()).not.toBe(firstName);
    const top = (await first.boundingBox())!;
    expect(top.y).toBeGreaterThanOrEqual(0);
    expect(top.y + top.height).toBeLessThanOrEqual(PHONE.height);
    await page.evaluate(() => window.scrollTo(0, 600));
    await firstScreen(page, 'availability-projections-390-cards');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on /compare, 2 and 4 players fit a phone, tags show on the players, and this week is in the chosen scoring', async () => {
    const { page, errors, context } = await openPage(browser, app.baseUrl, { viewport: PHONE });
    const injuredId = (await listed(app, 'status=out')).find((row) => row.player_name === injured)!.player_id;
    const two = [injuredId, receivers[0]!.player_id];
    await page.goto(`/compare?players=${two.join(',')}`);
    const chips = page.getByRole('list', { name: 'Players compared' });
    await chips.getByText('IR', { exact: false }).waitFor();
    await page
      .getByRole('list', { name: 'Availability' })
      .getByText(`${injured}: On injured reserve — projects 0 this week`)
      .waitFor();
    await page.getByRole('table', { name: 'Projected PPR points' }).waitFor();
    let width = await pageWidth(page);
    expect(width.scroll).toBeLessThanOrEqual(width.viewport);
    await page.getByLabel('Scoring').selectOption('half');
    await page.getByRole('table', { name: 'Projected Half-PPR points' }).waitFor();
    await screenshot(page, 'availability-compare-2-390');

    const four = [...two, receivers[1]!.player_id, receivers[2]!.player_id];
    await page.goto(`/compare?players=${four.join(',')}`);
    await page.getByRole('table', { name: 'Season totals' }).waitFor();
    await page.getByRole('table', { name: /^Projected / }).waitFor();
    width = await pageWidth(page);
    expect(width.scroll).toBeLessThanOrEqual(width.viewport);
    await screenshot(page, 'availability-compare-4-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, the admin users table shows every field of a user without sideways scroll', async () => {
    const { page, errors, context } = await openPage(browser, app.baseUrl, { viewport: PHONE });
    await signIn(context, ADMIN_EMAIL);
    await page.goto('/admin/users');
    const row = page.locator('.admin-users-table tbody tr').filter({ hasText: ADMIN_EMAIL });
    await row.waitFor();
    const cells = await row
      .locator('td')
      .evaluateAll((tds) =>
        tds.map((td) => ({ label: td.getAttribute('data-label'), ...td.getBoundingClientRect().toJSON() })),
      );
    expect(cells.map((cell) => cell.label)).toEqual([
      'Email',
      'Role',
      'Status',
      'Email verified',
      'Signup IP',
      'Joined',
      'Actions',
    ]);
    for (const cell of cells) {
      expect(cell.left, cell.label!).toBeGreaterThanOrEqual(0);
      expect(cell.right, cell.label!).toBeLessThanOrEqual(PHONE.width);
    }
    const width = await pageWidth(page);
    expect(width.scroll).toBeLessThanOrEqual(width.viewport);
    await firstScreen(page, 'availability-admin-users-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});
