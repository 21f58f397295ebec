/**
 * Game day, pushed: a league page open in the browser updates its points and win probability by
 * itself, without a reload, when the week's stats land through another process. The page is
 * served by the built API process; the stats are imported by a second process on the same
 * PostgreSQL database (as `npm run data:import` does), whose change reaches the page's process
 * only through the data-change announcement (LISTEN/NOTIFY) and the page only through its
 * server-sent-event connection.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSleeper, startFakeSleeper, importNflData } from '@fm/api/testing';
import { openDatabase, type Database } from '@fm/db';
import { launchBrowser, openPage, screenshot, SHARED_DIR, startE2eApp, type E2eApp } from './harness.js';
import { waitForProjectedWeek } from './nfl-weeks.js';
import { registerVerifiedUser, signIn } from './site-pages.js';

const SEASON = '2025';
/** The fake Sleeper league's live week: projected at first, its stats arrive during the test. */
const LIVE_WEEK = 2;
const LEAGUE = 'You Get in the Bowl';
const IMPORT_TIMEOUT_MS = 120_000;
/** The promise: on screen within 10 s of the stats landing. */
const PUSH_DEADLINE_MS = 10_000;

/** Week 1 complete, and of the live week only its projections (its games not played yet). */
function linkWeeksBeforeKickoff(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'fm-live-push-'));
  const from = path.join(SHARED_DIR, 'nfl-data', SEASON);
  mkdirSync(path.join(root, SEASON, String(LIVE_WEEK)), { recursive: true });
  symlinkSync(path.join(from, '1'), path.join(root, SEASON, '1'));
  symlinkSync(
    path.join(from, String(LIVE_WEEK), 'projected'),
    path.join(root, SEASON, String(LIVE_WEEK), 'projected'),
  );
  return root;
}

/** The live week with its stat files: what lands when its games have been played. */
function linkLiveWeekStats(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'fm-live-push-stats-'));
  mkdirSync(path.join(root, SEASON));
  symlinkSync(
    path.join(SHARED_DIR, 'nfl-data', SEASON, String(LIVE_WEEK)),
    path.join(root, SEASON, String(LIVE_WEEK)),
  );
  return root;
}

describe.runIf(process.env.DATABASE_URL)('a league page while the stats land on another process', () => {
  let app: E2eApp;
  let browser: Browser;
  let sleeper: FakeSleeper;
  let importer: Database | undefined;
  const folders: string[] = [];

  beforeAll(async () => {
    folders.push(linkWeeksBeforeKickoff(), linkLiveWeekStats());
    sleeper = await startFakeSleeper({ liveWeek: LIVE_WEEK });
    [app, browser] = await Promise.all([
      startE2eApp({ name: 'live-push', env: { SLEEPER_API_URL: sleeper.url, NFL_DATA_DIR: folders[0]! } }),
      launchBrowser(),
    ]);
    await waitForProjectedWeek(app, LIVE_WEEK, IMPORT_TIMEOUT_MS);
  }, IMPORT_TIMEOUT_MS + 60_000);
  afterAll(async () => {
    await importer?.close();
    await browser?.close();
    await app?.stop();
    await sleeper?.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  const figures = async (page: Page) => ({
    points: await page.getByTestId('preview-user-points').textContent(),
    winProbability: await page.getByTestId('preview-win-probability').textContent(),
  });

  it('refetches the league with the new stats within 10 s, by itself, without a reload', async () => {
    const { context, page, errors } = await openPage(browser, app.baseUrl);
    const email = await registerVerifiedUser(app, context);
    await signIn(context, email);
    await page.goto('/link-leagues');
    await page.getByLabel('Sleeper username').fill('e2e_manager');
    await page.getByRole('button', { name: 'Connect Sleeper' }).click();
    await page.getByText('Connected as e2e_manager').waitFor();
    await page.goto('/');
    await page.getByRole('button', { name: `Select League ${LEAGUE}` }).click();
    await page.getByTestId('preview-win-probability').waitFor({ timeout: 30_000 });
    await page.getByRole('status').filter({ hasText: /^Live/ }).waitFor();
    expect((await figures(page)).winProbability).toMatch(/%/);
    // a reload would lose this
    await page.evaluate(() => ((window as unknown as { pageMark: number }).pageMark = 1));
    await screenshot(page, 'live-push-before');

    // The page refetches its league by itself once the change is pushed; the answer carries the new stats.
    const refetched = page.waitForResponse(
      (response) => response.url().includes('leagues.details') && response.status() === 200,
      { timeout: PUSH_DEADLINE_MS + 5_000 },
    );
    importer = await openDatabase({ databaseUrl: app.databaseUrl! });
    const summary = await importNflData(importer, folders[1]!);
    expect(summary.changed.stats.created).toBeGreaterThan(0);
    const landedAt = Date.now();
    const answer = JSON.stringify(await (await refetched).json());
    expect(Date.now() - landedAt).toBeLessThan(PUSH_DEADLINE_MS);
    // the week's stats, scored in the league's rules, are now in what the page holds
    expect(answer).toMatch(/"stats_points":\{"[^"]+":/);
    // With no game clock in this replay every game reads as not started, so the win probability rightly stays
    // the pregame one: the page re-ran on the new answer and shows a figure.
    await expect.poll(async () => (await figures(page)).winProbability).toMatch(/%/);
    console.log(
      `[live-push e2e] the page showed the new figures ${Date.now() - landedAt} ms after the stats landed`,
    );
    expect(await page.evaluate(() => (window as unknown as { pageMark?: number }).pageMark)).toBe(1);
    await screenshot(page, 'live-push-after');
    expect(errors).toEqual([]);
    await context.close();
  });
});
