import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaySeasonData, startFakeSleeperSeason, type FakeSleeperSeason } from '@fm/api/testing';
import { launchBrowser, openPage, screenshot, startE2eApp, type E2eApp } from './harness.js';
import { ADMIN_ENV, ADMIN_EMAIL, signIn } from './site-pages.js';

const SEASON = 2024;
const WEEK = 9;
const SYNC_TIMEOUT_MS = 240_000;

/** Until the first sync has written our model's projections for the current week (polls the API's answer). */
async function waitForCurrentWeek(app: E2eApp): Promise<void> {
  const deadline = Date.now() + SYNC_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const response = await fetch(`${app.baseUrl}/api/projections/public/all?season=${SEASON}&week=${WEEK}`);
    const body = (await response.json()) as { data: { source: string }[] };
    if (body.data.length > 0 && body.data.every((row) => row.source === 'model')) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The first sync did not finish in time');
}

async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth);
}

describe('a fresh install keeps itself current from a Sleeper-compatible service', () => {
  let upstream: FakeSleeperSeason;
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    upstream = await startFakeSleeperSeason(
      replaySeasonData({ season: SEASON, week: WEEK, withSchedule: true }),
    );
    [app, browser] = await Promise.all([
      startE2eApp({
        name: 'live-data',
        env: { SLEEPER_API_URL: upstream.url, DATA_SYNC_MINUTES: '60', ...ADMIN_ENV },
      }),
      launchBrowser(),
    ]);
    await waitForCurrentWeek(app);
  }, SYNC_TIMEOUT_MS + 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await upstream?.close();
  });

  it('opens /projections on the current NFL week, says when and from where, on a phone too', async () => {
    const { page, errors, context } = await openPage(browser, app.baseUrl, {
      viewport: { width: 390, height: 844 },
    });
    await page.goto('/projections');
    await page.locator('.projections-table').waitFor();
    await page.getByText(`${SEASON} season, week ${WEEK}`).waitFor();
    await expect(page.locator('.data-freshness').textContent()).resolves.toMatch(
      /^Updated (just now|\d+ minutes? ago) from our model, fed by Sleeper$/,
    );
    await page.getByLabel('Position').selectOption('DEF');
    await page.waitForURL(/position=DEF/);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('.projections-table tbody tr td:nth-of-type(1)')).every(
        (cell) => cell.textContent === 'DEF',
      ),
    );
    expect(await page.locator('.projections-table tbody tr').count()).toBeGreaterThanOrEqual(26);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await screenshot(page, 'live-data-projections-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps serving when the service dies, and the admin Sources tab tells what happened', async () => {
    await upstream.close();
    const { page, errors, context } = await openPage(browser, app.baseUrl);
    await signIn(context, ADMIN_EMAIL);
    await page.goto('/projections?position=K');
    await page.locator('.projections-table tbody tr').first().waitFor();

    await page.goto('/admin/data-management');
    await page.getByRole('tab', { name: 'Sources' }).click();
    const sleeper = page.getByRole('article', { name: 'Sleeper' });
    await sleeper.getByText('ok', { exact: true }).waitFor();
    await expect(sleeper.getByText(`${SEASON}: weeks 1–${WEEK + 1}`).count()).resolves.toBe(1);

    await page.getByRole('button', { name: 'Sync now' }).click();
    await sleeper.getByText('failing', { exact: true }).waitFor({ timeout: 60_000 });
    await sleeper.getByText(/The data held before is still served/).waitFor();
    await screenshot(page, 'live-data-sources-1280');

    await page.goto('/projections');
    await page.locator('.projections-table').waitFor();
    await page.getByText(`${SEASON} season, week ${WEEK}`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a fresh install that cannot reach any data service', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startE2eApp({
        name: 'live-data-offline',
        env: { SLEEPER_API_URL: 'http://127.0.0.1:9', DATA_SYNC_MINUTES: '60' },
      }),
      launchBrowser(),
    ]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('says that no data is available yet and how to load some, instead of an empty table', async () => {
    const { page, errors, context } = await openPage(browser, app.baseUrl);
    await page.goto('/projections');
    await page.getByRole('heading', { name: 'No data is available yet' }).waitFor();
    await expect(page.getByText('NFL_DATA_DIR').count()).resolves.toBe(1);
    expect(await page.locator('.projections-table').count()).toBe(0);
    await page.goto('/compare');
    await page.getByRole('heading', { name: 'No data is available yet' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
