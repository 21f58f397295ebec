/**
 * System Health on a phone and a desktop once the "our points against the platforms'" table has rows and an active
 * issue quotes a long URL: the page stays as wide as the screen, the URL wraps, and every row of the table is on
 * screen (a card per row on a phone; a wide table would scroll inside its own box, never the page).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScoringReconciliation } from '@fm/contract';
import { appState, openDatabase, type Database } from '@fm/db';
import { launchBrowser, openPage, screenshot, startE2eApp, type E2eApp } from './harness.js';
import { cellsOffScreen, horizontalOverflow } from './page-fit.js';
import { ADMIN_EMAIL, ADMIN_ENV, signIn } from './site-pages.js';

const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;
/** The live-data service at a long address that nobody answers: the sync's failure quotes it in an issue. */
const LONG_URL = `http://127.0.0.1:9/${'sleeper-compatible-service-behind-a-long-path-'.repeat(3)}v1`;

/** A checked week with ten differences, as the reconciliation stores it for System Health. */
function checkedWeek(): ScoringReconciliation {
  return {
    season: 2025,
    week: 1,
    checked_at: new Date().toISOString(),
    leagues: 3,
    players_compared: 48,
    within_hundredth: 38,
    worst: Array.from({ length: 10 }, (_, i) => ({
      platform: i % 2 ? 'espn' : 'sleeper',
      league_id: `12606431837049323${String(i).padStart(2, '0')}`,
      player_id: String(4000 + i),
      name: ['Christian McCaffrey', 'Amon-Ra St. Brown', 'Jaxon Smith-Njigba'][i % 3]!,
      position: 'WR',
      ours: 20 + i,
      platform_points: 18.5 + i,
      difference: 1.5,
      stats: { rec: 7, rec_yd: 112, rec_td: 1, rush_att: 2, rush_yd: 14, fum_lost: 1, rec_2pt: 1 },
    })),
    skipped: [],
  };
}

describe.runIf(process.env.DATABASE_URL)(
  'System Health fits the screen with the points table and a long URL',
  () => {
    let app: E2eApp;
    let browser: Browser;
    let database: Database;

    beforeAll(async () => {
      [app, browser] = await Promise.all([
        startE2eApp({
          name: 'system-health-fit',
          env: { ...ADMIN_ENV, SLEEPER_API_URL: LONG_URL, DATA_SYNC_MINUTES: '60' },
        }),
        launchBrowser(),
      ]);
      database = await openDatabase({ databaseUrl: app.databaseUrl! });
      const outcome = checkedWeek();
      await database.db
        .insert(appState)
        .values({ key: 'scoring-reconciliation', value: outcome })
        .onConflictDoUpdate({ target: appState.key, set: { value: outcome } });
    });
    afterAll(async () => {
      await database?.close();
      await browser?.close();
      await app?.stop();
    });

    it.each(SIZES)('at %s size the page is no wider than the screen', async (name, viewport) => {
      const { page, context, errors } = await openPage(browser, app.baseUrl, { viewport });
      await signIn(context, ADMIN_EMAIL);
      // the first sync runs at start and fails against the long address
      await expect
        .poll(
          async () => {
            const answer = await context.request.get('/api/admin/system/health');
            return ((await answer.json()) as { data: { issues: string[] } }).data.issues.join(' ');
          },
          { timeout: 60_000, interval: 500 },
        )
        .toContain('The live-data sync failed');
      await page.goto('/admin/system-health');
      const issue = page
        .getByRole('region', { name: 'Active issues' })
        .getByText(/^The live-data sync failed/);
      await issue.waitFor();
      expect(await issue.textContent()).toContain('sleeper-compatible-service-behind-a-long-path-');
      const table = page.getByRole('table', { name: 'Largest differences' });
      await table.waitFor();
      expect(await table.getByRole('row').count()).toBe(11);

      expect(await horizontalOverflow(page)).toEqual({ overflowPx: 0, outside: [] });
      // every figure of every row on screen: a card per row on the phone, the stats wrapping on the desktop
      expect(await cellsOffScreen(page)).toEqual([]);
      await screenshot(page, `system-health-fit-${name}`);
      await page.locator('[data-testid="scoring-reconciliation"]').scrollIntoViewIfNeeded();
      await screenshot(page, `system-health-fit-table-${name}`, { firstScreen: true });
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
