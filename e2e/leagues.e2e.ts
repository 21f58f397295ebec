import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSleeper, startFakeSleeper } from '../apps/api/test/fakes/sleeper-server.js';
import { FAKE_YAHOO_TOKENS, type FakeYahoo, startFakeYahoo } from '../apps/api/test/fakes/yahoo-server.js';
import { launchBrowser, openPage, screenshot, SHARED_DIR, startE2eApp, type E2eApp } from './harness.js';
import { registerVerifiedUser, signIn } from './site-pages.js';

const YAHOO_APP = { clientId: 'e2e-yahoo-client', clientSecret: 'e2e-yahoo-secret' };
/** The fake Sleeper's in-season league (2025, 10 teams, week 1 scored). */
const IN_SEASON_LEAGUE = 'You Get in the Bowl';
const YAHOO_LEAGUE_KEY = '461.l.103926';
/** Only the week the league page opens on is imported, so the first-start import is quick. */
const IMPORTED_WEEK = { season: '2025', week: '1' };
const IMPORT_TIMEOUT_MS = 60_000;

/** WCAG 2.1 A/AA and best practice, as the accessibility suite checks every page. */
async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
}

/** A folder in the nfl-data layout holding only IMPORTED_WEEK (a link to the shared data, never a copy). */
function oneWeekOfNflData(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'fm-nfl-week-'));
  mkdirSync(path.join(root, IMPORTED_WEEK.season));
  symlinkSync(
    path.join(SHARED_DIR, 'nfl-data', IMPORTED_WEEK.season, IMPORTED_WEEK.week),
    path.join(root, IMPORTED_WEEK.season, IMPORTED_WEEK.week),
  );
  return root;
}

async function waitForImportedWeek(app: E2eApp): Promise<void> {
  const deadline = Date.now() + IMPORT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const response = await fetch(
      `${app.baseUrl}/api/projections/public/all?week=${IMPORTED_WEEK.week}&limit=1`,
    );
    const body = (await response.json().catch(() => null)) as { data?: unknown[] } | null;
    if (response.ok && body?.data && body.data.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the NFL data import did not finish in time');
}

async function signedInPage(browser: Browser, app: E2eApp) {
  const opened = await openPage(browser, app.baseUrl);
  const email = await registerVerifiedUser(app, opened.context);
  await signIn(opened.context, email);
  return opened;
}

async function linkSleeper(page: Page, username: string): Promise<void> {
  await page.goto('/link-leagues');
  await page.getByLabel('Sleeper username').fill(username);
  await page.getByRole('button', { name: 'Connect Sleeper' }).click();
  await page.getByText(`Connected as ${username}`).waitFor();
}

describe('league linking and the simulate journey', () => {
  let app: E2eApp;
  let browser: Browser;
  let sleeper: FakeSleeper;
  let yahoo: FakeYahoo;
  let nflData: string;

  beforeAll(async () => {
    nflData = oneWeekOfNflData();
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
    await waitForImportedWeek(app);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await Promise.all([sleeper?.close(), yahoo?.close()]);
    if (nflData) rmSync(nflData, { recursive: true, force: true });
  });

  it('links Sleeper, lists the leagues, shows a finished week’s result, and runs the simulation', async () => {
    const { page, context, errors } = await signedInPage(browser, app);
    await page.goto('/');
    await page.getByRole('heading', { name: 'No Leagues Connected' }).waitFor();

    await linkSleeper(page, 'e2e_manager');
    await page.getByRole('link', { name: 'View Your Leagues' }).click();
    await page.getByRole('heading', { name: 'Your Leagues', exact: true }).waitFor();
    await expect(page.getByRole('heading', { name: IN_SEASON_LEAGUE }).count()).resolves.toBe(1);
    await screenshot(page, 'leagues-home');
    expect(await seriousAxeViolations(page)).toEqual([]);

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
      /^Final[\d.]+ – [\d.]+(You won|You lost|Tied)$/,
    );

    // The week is over: the page shows its result rather than a 100% "probability".
    await page.getByTestId('final-score').waitFor();
    await screenshot(page, 'simulate-league');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Run simulation' }).click();
    await page.waitForURL(`${app.baseUrl}/dashboard`);
    const winProbability = page.getByTestId('win-probability');
    await winProbability.waitFor({ timeout: 30_000 });
    await expect(winProbability.textContent()).resolves.toMatch(/^\d+\.\d%$/);
    await expect(
      page.getByRole('link', { name: 'How these numbers are made' }).count(),
    ).resolves.toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Season outlook' }).waitFor();
    await page.getByRole('table', { name: 'Playoff odds by team' }).waitFor();
    await screenshot(page, 'dashboard');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links a Yahoo league through the OAuth round trip', async () => {
    const { page, context, errors } = await signedInPage(browser, app);
    await page.goto('/link-leagues');
    await page.getByRole('button', { name: 'Connect Yahoo' }).click();
    await page.waitForURL(`${app.baseUrl}/link-leagues?linked=yahoo`);
    await page.getByText('Your Yahoo account is linked.').waitFor();
    await page.getByText(FAKE_YAHOO_TOKENS.xoauth_yahoo_guid).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto('/');
    const yahooLeagues = page.getByRole('region', { name: 'Yahoo (1)' });
    await yahooLeagues.waitFor();
    await yahooLeagues.getByRole('button', { name: /^Select League / }).click();
    await page.waitForURL(new RegExp(`/simulate/yahoo/2025/${YAHOO_LEAGUE_KEY.replace(/\./g, '\\.')}$`));
    await page
      .getByRole('region', { name: 'Win probability' })
      .locator('[data-testid="preview-win-probability"], [data-testid="final-score"]')
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
    const { page, context } = await signedInPage(browser, app);
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
