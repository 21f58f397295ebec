import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_ESPN_LEAGUE_ID,
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
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe('an ESPN league: link by id, see its card, open it, simulate', () => {
  let app: E2eApp;
  let browser: Browser;
  let sleeper: FakeSleeper;
  let espn: FakeEspn;
  let nflData: string;

  beforeAll(async () => {
    nflData = linkNflWeeks(SEASON, [IMPORTED_WEEK]);
    [sleeper, espn] = await Promise.all([startFakeSleeper(), startFakeEspn()]);
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

      await page.getByLabel('ESPN league ID or address').fill(FAKE_ESPN_LEAGUE_ID);
      await page.getByRole('button', { name: 'Link ESPN League' }).click();
      await page.getByRole('list', { name: 'Linked ESPN leagues' }).getByText(ESPN_LEAGUE).waitFor();
      await page.getByRole('checkbox', { name: 'This league is private' }).check();
      await page.getByText('How to find your ESPN cookies').waitFor();
      await screenshot(page, `espn-link-${viewport.name}`);
      expect(await blockingViolations(page)).toEqual([]);

      await page.goto('/');
      const espnGroup = page.getByRole('region', { name: 'ESPN (1)' });
      await espnGroup.getByRole('heading', { name: ESPN_LEAGUE }).waitFor();
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
