import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { blockingViolations } from './axe.js';
import { linkNflWeeks, waitForProjectedWeek } from './nfl-weeks.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeSleeper,
  startFakeSleeper,
  FAKE_YAHOO_TOKENS,
  type FakeYahoo,
  startFakeYahoo,
} from '@fm/api/testing';
import { launchBrowser, screenshot, startE2eApp, type E2eApp } from './harness.js';
import { linkSleeper, openSignedInPage } from './site-pages.js';

const YAHOO_APP = { clientId: 'e2e-yahoo-client', clientSecret: 'e2e-yahoo-secret' };
/** The fake Sleeper's in-season league (2025, 10 teams, week 1 scored). */
const IN_SEASON_LEAGUE = 'You Get in the Bowl';
const YAHOO_LEAGUE_KEY = '461.l.103926';
/** Only the week the league page opens on is imported, so the first-start import is quick. */
const IMPORTED_WEEK = { season: '2025', week: '1' };
const IMPORT_TIMEOUT_MS = 60_000;

describe('league linking and the simulate journey', () => {
  let app: E2eApp;
  let browser: Browser;
  let sleeper: FakeSleeper;
  let yahoo: FakeYahoo;
  let nflData: string;

  beforeAll(async () => {
    nflData = linkNflWeeks(IMPORTED_WEEK.season, [IMPORTED_WEEK.week]);
    [sleeper, yahoo] = await Promise.all([startFakeSleeper(), startFakeYahoo(YAHOO_APP)]);
    [app, browser] = await Promise.all([
      startE2eApp({
        name: 'leagues',
        env: {
          SLEEPER_API_URL: sleeper.url,
          YAHOO_CLIENT_ID: YAHOO_APP.clientId,
          YAHOO_CLIENT_SECRET: YAHOO_APP.clientSecret,
          YAHOO_AUTH_URL: yahoo.url,
          YAHOO_API_URL: yahoo.url,
          NFL_DATA_DIR: nflData,
        },
      }),
      launchBrowser(),
    ]);
    await waitForProjectedWeek(app, IMPORTED_WEEK.week, IMPORT_TIMEOUT_MS);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await Promise.all([sleeper?.close(), yahoo?.close()]);
    if (nflData) rmSync(nflData, { recursive: true, force: true });
  });

  it('links Sleeper, lists the leagues, shows a finished week’s result, and runs the simulation', async () => {
    const { page, context, errors } = await openSignedInPage(browser, app);
    await page.goto('/');
    await page.getByRole('heading', { name: 'No Leagues Connected' }).waitFor();

    await linkSleeper(page);
    await page.getByRole('link', { name: 'View Your Leagues' }).click();
    await page.getByRole('heading', { name: 'Your Leagues', exact: true }).waitFor();
    await expect(page.getByRole('heading', { name: IN_SEASON_LEAGUE }).count()).resolves.toBe(1);
    await screenshot(page, 'leagues-home');
    expect(await blockingViolations(page)).toEqual([]);

    const selectedAt = Date.now();
    await page.getByRole('button', { name: `Select League ${IN_SEASON_LEAGUE}` }).click();
    const previewFigure = page.getByTestId('final-score');
    await previewFigure.waitFor().catch(async (error: unknown) => {
      throw new Error(`no preview; the page says: ${await page.locator('main').innerText()}`, {
        cause: error,
      });
    });
    const previewMs = Date.now() - selectedAt;
    console.log(`[leagues e2e] Select League → rendered preview: ${previewMs} ms`);
    expect(new URL(page.url()).pathname).toMatch(/^\/simulate\/e2e_manager\/2025\/\d+$/);
    await expect(previewFigure.textContent()).resolves.toMatch(
      /^Final [\d.]+ – [\d.]+ · (You won by [\d.]+|You lost by [\d.]+|Tied)$/,
    );

    // The week is over: the page shows its result rather than a 100% "probability".
    await page.getByTestId('final-score').waitFor();
    await screenshot(page, 'simulate-league');
    expect(await blockingViolations(page)).toEqual([]);

    // nothing is left to simulate once every game is over: no "Run simulation" (issue 40, item 5)
    await expect(page.getByRole('button', { name: 'Run simulation' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links a Yahoo league through the OAuth round trip', async () => {
    const { page, context, errors } = await openSignedInPage(browser, app);
    await page.goto('/link-leagues');
    await page.getByRole('button', { name: 'Connect Yahoo' }).click();
    await page.waitForURL(`${app.baseUrl}/link-leagues?linked=yahoo`);
    await page.getByText('Your Yahoo account is linked.').waitFor();
    await page.getByText(FAKE_YAHOO_TOKENS.xoauth_yahoo_guid).waitFor();
    expect(await blockingViolations(page)).toEqual([]);

    await page.goto('/');
    const yahooLeagues = page.getByRole('region', { name: 'Yahoo (1)' });
    await yahooLeagues.waitFor();
    await yahooLeagues.getByRole('button', { name: /^Select League / }).click();
    await page.waitForURL(new RegExp(`/simulate/yahoo/2025/${YAHOO_LEAGUE_KEY.replace(/\./g, '\\.')}$`));
    await page
      .getByRole('region', { name: 'Score' })
      .locator('[data-testid="preview-win-probability"], [data-testid="final-score"]')
      .or(page.getByText(/^No projections for week \d+ yet/))
      .first()
      .waitFor()
      .catch(async (error: unknown) => {
        throw new Error(`no figure; the page says: ${await page.locator('main').innerText()}`, {
          cause: error,
        });
      });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('disconnecting removes the leagues', async () => {
    const { page, context } = await openSignedInPage(browser, app);
    await linkSleeper(page, 'testuser');
    await page.getByRole('button', { name: 'Connect Yahoo' }).click();
    await page.getByText('Your Yahoo account is linked.').waitFor();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Your Leagues', exact: true }).waitFor();

    await page.goto('/link-leagues');
    await page.getByRole('button', { name: 'Disconnect Sleeper' }).click();
    await page.getByLabel('Sleeper username').waitFor();
    await page.getByRole('button', { name: 'Disconnect Yahoo' }).click();
    await page.getByRole('button', { name: 'Connect Yahoo' }).waitFor();
    await page.goto('/');
    await page.getByRole('heading', { name: 'No Leagues Connected' }).waitFor();
    await context.close();
  });
});
