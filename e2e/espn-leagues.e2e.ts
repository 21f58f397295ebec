import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_ESPN_LEAGUE_ID,
  FAKE_ESPN_PRIVATE_LEAGUE_ID,
  type FakeEspn,
  startFakeEspn,
  type FakeSleeper,
  startFakeSleeper,
} from '@fm/api/testing';
import { blockingViolations } from './axe.js';
import { launchBrowser, openPage, screenshot, startE2eApp, type E2eApp } from './harness.js';
import { linkNflWeeks, waitForProjectedWeek } from './nfl-weeks.js';
import { registerVerifiedUser, signIn } from './site-pages.js';

/** The recorded ESPN league (Set A), served by the fake for the fake Sleeper's current season. */
const ESPN_LEAGUE = 'Anonymised ESPN League';
const SEASON = '2025';
const IMPORTED_WEEK = '1';
const IMPORT_TIMEOUT_MS = 60_000;
/** How long the fake ESPN takes to answer a league while Home is timed (the real one takes about this). */
const ESPN_LATENCY_MS = 1_500;
const ESPN_LEAGUE_PATH = /\/leagues\/\d+$/;
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe('an ESPN league while Sleeper’s player directory is down: link by id, see its card, open it, simulate', () => {
  let app: E2eApp;
  let browser: Browser;
  let sleeper: FakeSleeper;
  let espn: FakeEspn;
  let nflData: string;

  beforeAll(async () => {
    nflData = linkNflWeeks(SEASON, [IMPORTED_WEEK]);
    [sleeper, espn] = await Promise.all([startFakeSleeper(), startFakeEspn()]);
    // ESPN players are then matched to our NFL.com players by name, position and team
    sleeper.failNext(503, 1_000_000, /^\/v1\/players\/nfl/);
    [app, browser] = await Promise.all([
      startE2eApp({
        name: 'espn-leagues',
        env: { SLEEPER_API_URL: sleeper.url, ESPN_API_URL: espn.url, NFL_DATA_DIR: nflData },
      }),
      launchBrowser(),
    ]);
    await waitForProjectedWeek(app, IMPORTED_WEEK, IMPORT_TIMEOUT_MS);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await Promise.all([sleeper?.close(), espn?.close()]);
    if (nflData) rmSync(nflData, { recursive: true, force: true });
  });

  for (const viewport of VIEWPORTS) {
    it(`works at ${viewport.width} px`, async () => {
      const { page, context, errors } = await openPage(browser, app.baseUrl, { viewport });
      const email = await registerVerifiedUser(app, context);
      await signIn(context, email);

      await page.goto('/link-leagues');
      await page.getByLabel('ESPN league ID or address').fill('999');
      await page.getByRole('button', { name: 'Link ESPN League' }).click();
      await page.getByText('No ESPN league with id 999').waitFor();

      // ESPN's "private" (a 403) opens the cookie fields and breaks no later write: the next link and the
      // simulation below go through without a reload.
      const privateBox = page.getByRole('checkbox', { name: 'This league is private' });
      await page.getByLabel('ESPN league ID or address').fill(FAKE_ESPN_PRIVATE_LEAGUE_ID);
      await page.getByRole('button', { name: 'Link ESPN League' }).click();
      await page.getByText('This ESPN league is private.').waitFor();
      await page.getByLabel('espn_s2 cookie').waitFor();
      await page.getByLabel('SWID cookie').waitFor();
      expect(await privateBox.isChecked()).toBe(true);
      await page.getByText('How to find your ESPN cookies', { exact: true }).waitFor();
      await screenshot(page, `espn-link-${viewport.name}`);
      expect(await blockingViolations(page)).toEqual([]);

      await privateBox.uncheck();
      await page.getByLabel('ESPN league ID or address').fill(FAKE_ESPN_LEAGUE_ID);
      await page.getByRole('button', { name: 'Link ESPN League' }).click();
      await page.getByRole('list', { name: 'Linked ESPN leagues' }).getByText(ESPN_LEAGUE).waitFor();

      // ESPN takes about a second a league: Home asks it once per league (the list), not again per card; none
      // at all when the answer read while linking, moments ago, is still fresh enough to reuse.
      espn.reset();
      espn.failNext({ kind: 'delay', ms: ESPN_LATENCY_MS }, 4, ESPN_LEAGUE_PATH);
      const homeStartedAt = Date.now();
      await page.goto('/');
      const espnGroup = page.getByRole('region', { name: 'ESPN (1)' });
      await espnGroup.getByRole('heading', { name: ESPN_LEAGUE }).waitFor();
      // the card's line about this week, once its league has been read
      await espnGroup.locator('.league-matchup:not(:has-text("Loading"))').waitFor();
      const homeMs = Date.now() - homeStartedAt;
      console.info(`Home with an ESPN league at ${viewport.width} px: ${homeMs} ms`);
      const leagueReads = espn.requests.filter((request) =>
        ESPN_LEAGUE_PATH.test(new URL(request.url, 'http://espn').pathname),
      );
      espn.reset();
      expect(leagueReads.length).toBeLessThanOrEqual(1);
      await expect(espnGroup.locator('.platform-badge--espn').textContent()).resolves.toBe('ESPN');
      await screenshot(page, `espn-home-${viewport.name}`);

      await espnGroup.getByRole('button', { name: `Select League ${ESPN_LEAGUE}` }).click();
      await page.waitForURL(`${app.baseUrl}/simulate/espn/${SEASON}/${FAKE_ESPN_LEAGUE_ID}`);
      await page
        .getByRole('region', { name: 'Score' })
        .locator('[data-testid="preview-win-probability"], [data-testid="final-score"]')
        .waitFor()
        .catch(async (error: unknown) => {
          throw new Error(`no figure; the page says: ${await page.locator('main').innerText()}`, {
            cause: error,
          });
        });
      // most starters have their projection; the rest say they have none
      const cells = page.locator('table.h2h .player-cell');
      const unprojected = cells.filter({ hasText: 'no projection*' });
      expect(await cells.count()).toBeGreaterThan(10);
      expect(await unprojected.count()).toBeLessThan((await cells.count()) / 2);
      await screenshot(page, `espn-simulate-${viewport.name}`);
      expect(await blockingViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Run simulation' }).click();
      await page.waitForURL(`${app.baseUrl}/dashboard`);
      const winProbability = page.getByTestId('win-probability');
      await winProbability.waitFor({ timeout: 30_000 });
      await expect(winProbability.textContent()).resolves.toMatch(/^\d+\.\d%$/);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
