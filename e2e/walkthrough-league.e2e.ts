import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockingViolations } from './axe.js';
import { openPage, screenshot } from './harness.js';
import {
  LIVE_LEAGUE,
  LIVE_SEASON,
  LIVE_WEEK,
  type LiveLeagueSite,
  startLiveLeagueSite,
} from './live-league-site.js';
import { linkSleeper, openSignedInPage, signIn } from './site-pages.js';

const LEAGUE_PATH = '/simulate/e2e_manager/2025/1260643183704932352';
/** Another league of the same account, 0.5 points a reception: its scoring differs from PPR for receivers. */
const HALF_POINT_LEAGUE = { id: '1257103694353141760', option: 'Minor League 3.0 (Sleeper)' };
const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;

interface ApiRow {
  player_id: string;
  player_name: string;
  pred_mean: number;
  bust_chance: number;
}

async function pageWidthOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

/** The label of the element that has the keyboard focus. */
function focusedLabel(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
}

/** The signed-in API's answer, through the browser's own session. */
async function projectionsThrough(context: BrowserContext, scope: string, query: string): Promise<ApiRow[]> {
  const response = await context.request.get(`/api/projections/${scope}?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ApiRow[] }).data;
}

describe('the walkthrough: league scoring, the league page, team matchup, search', () => {
  let site: LiveLeagueSite;
  beforeAll(async () => {
    site = await startLiveLeagueSite('walkthrough-league');
  });
  afterAll(() => site?.stop());

  it.each(SIZES)(
    "at %s size /projections and /compare show a chosen league's own scoring",
    async (name, viewport) => {
      const { page, context, errors } = await openSignedInPage(site.browser, site.app, { viewport });
      await linkSleeper(page);
      const week = `season=${LIVE_SEASON}&week=${LIVE_WEEK}`;
      const [receiver] = await projectionsThrough(context, 'wr', `${week}&scoring=ppr&limit=1`);
      const [inLeague] = await projectionsThrough(
        context,
        'all',
        `${week}&league=sleeper:${HALF_POINT_LEAGUE.id}&players=${receiver!.player_id}`,
      );
      expect(inLeague!.pred_mean).toBeLessThan(receiver!.pred_mean);

      await page.goto(`/projections?${week}&position=WR`);
      await page.getByRole('table', { name: 'Projected PPR points' }).waitFor();
      const scoring = page.getByLabel('Scoring');
      await scoring.locator('option', { hasText: HALF_POINT_LEAGUE.option }).waitFor({ state: 'attached' });
      await scoring.selectOption({ label: HALF_POINT_LEAGUE.option });
      await page.waitForURL(/league=sleeper%3A1257103694353141760/);
      const table = page.getByRole('table', { name: 'Projected Minor League 3.0 points' });
      await table.waitFor();
      const row = table
        .locator('tbody tr')
        .filter({ has: page.getByRole('link', { name: receiver!.player_name, exact: true }) });
      await expect(row.locator('.projections-table__mean').textContent()).resolves.toBe(
        inLeague!.pred_mean.toFixed(1),
      );
      await page.getByText('Minor League 3.0 scoring', { exact: false }).waitFor();
      expect(await pageWidthOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `walkthrough-projections-league-${name}`);
      expect(await blockingViolations(page)).toEqual([]);

      // /compare: the same league for the compared players this week.
      const [second] = await projectionsThrough(context, 'rb', `${week}&scoring=ppr&limit=1`);
      await page.goto(`/compare?players=${receiver!.player_id},${second!.player_id}`);
      await page.getByRole('heading', { name: /This week/ }).waitFor();
      const compareScoring = page.getByLabel('Scoring');
      await compareScoring
        .locator('option', { hasText: HALF_POINT_LEAGUE.option })
        .waitFor({ state: 'attached' });
      await compareScoring.selectOption({ label: HALF_POINT_LEAGUE.option });
      const comparison = page.getByRole('table', { name: 'Projected Minor League 3.0 points' });
      await comparison.waitFor();
      // The week in play, as /compare shows it, in the league's scoring.
      const compared = await projectionsThrough(
        context,
        'all',
        `league=sleeper:${HALF_POINT_LEAGUE.id}&players=${receiver!.player_id},${second!.player_id}`,
      );
      const projectionRow = comparison.locator('tbody tr').filter({ hasText: 'Projection' }).first();
      const shown = await projectionRow.locator('td').allTextContents();
      expect(shown.map((cell) => cell.replace(/[^\d.]/g, ''))).toEqual(
        [receiver!.player_id, second!.player_id].map((id) =>
          compared.find((row) => row.player_id === id)!.pred_mean.toFixed(1),
        ),
      );
      expect(await pageWidthOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `walkthrough-compare-league-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('keeps the default scoring with the account: a new browser signs in to it', async () => {
    const first = await openSignedInPage(site.browser, site.app);
    const { email } = first;
    await first.page.goto('/projections');
    await first.page.getByRole('table', { name: 'Projected PPR points' }).waitFor();
    await first.page.getByLabel('Scoring').selectOption('std');
    await first.page.getByRole('button', { name: /Standard next time$/ }).click();
    await first.page.getByText('Opens on: all positions, all teams, Standard.').waitFor();
    await expect
      .poll(async () => {
        const answer = await first.context.request.get('/api/user/me/scoring');
        return ((await answer.json()) as { data: { scoring: string | null } }).data.scoring;
      })
      .toBe('std');
    await first.context.close();

    // Another browser (nothing saved in it) opens in the account's scoring, and so does the API.
    const { page, context, errors } = await openPage(site.browser, site.app.baseUrl, {
      viewport: { width: 390, height: 844 },
    });
    await signIn(context, email);
    await page.goto('/projections');
    await page.getByRole('table', { name: 'Projected Standard points' }).waitFor();
    const viaApi = await context.request.get('/api/projections/public/all?limit=1');
    expect(((await viaApi.json()) as { scoring: string }).scoring).toBe('std');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds a misspelled name, and sorting by bust starts with players who may score', async () => {
    const { page, context, errors } = await openPage(site.browser, site.app.baseUrl, {
      viewport: { width: 390, height: 844 },
    });
    await page.goto('/projections?search=mccaffery');
    await page.getByText('No name contains “mccaffery”: showing the closest spellings.').waitFor();
    await page.getByRole('link', { name: 'Christian McCaffrey', exact: true }).waitFor();

    await page.goto('/projections?sort=bust_chance');
    const means = page.locator('.projections-table__mean');
    await means.first().waitFor();
    const firstTen = (await means.allTextContents()).slice(0, 10).map(Number);
    for (const mean of firstTen) expect(mean).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('league page on a phone: whole names and a visible label in the win bar, the league named after a reload; benching asks who replaces him and focus follows', async () => {
    const { page, context, errors } = await openSignedInPage(site.browser, site.app, {
      viewport: { width: 390, height: 844 },
    });
    await linkSleeper(page);
    await page.goto(LEAGUE_PATH);
    await page.getByTestId('preview-win-probability').waitFor({ timeout: 30_000 });
    await page.reload();
    await page.getByTestId('preview-win-probability').waitFor({ timeout: 30_000 });
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.locator('[aria-current="page"]').textContent()).resolves.toBe(LIVE_LEAGUE);

    const bar = page.getByRole('region', { name: 'Score' });
    await bar.getByText('Win probability', { exact: true }).waitFor();
    expect(await bar.getByText('Win probability', { exact: true }).isVisible()).toBe(true);
    // Each team name is shown whole: nothing cut off with an ellipsis.
    const names = await bar
      .locator('.win-bar__name')
      .evaluateAll((spans) =>
        spans.map((span) => ({ text: span.textContent, clipped: span.scrollWidth > span.clientWidth })),
      );
    expect(names).toHaveLength(2);
    for (const shown of names) expect(shown.clipped).toBe(false);
    await screenshot(page, 'walkthrough-league-phone');

    // Benching a WR asks who takes his slot; the chosen one starts there, and the focus goes with him.
    const h2h = page.locator('table.h2h');
    const wrRow = h2h
      .locator('tbody tr')
      .filter({ has: page.locator('th[data-slot="WR"]') })
      .first();
    const bench = wrRow.getByRole('button', { name: /^Bench / });
    const benched = (await bench.getAttribute('aria-label'))!.replace(/^Bench /, '');
    const flexBefore = await h2h
      .locator('tbody tr')
      .filter({ has: page.locator('th[data-slot="WRRB_FLEX"]') })
      .locator('.player-cell__name')
      .first()
      .textContent();
    await bench.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Who replaces ${benched} at WR?` });
    await dialog.waitFor();
    const choices = dialog.getByRole('button', { name: /^Start .+ at WR$/ });
    expect(await choices.count()).toBeGreaterThan(0);
    const replacement = (await choices.first().getAttribute('aria-label'))!.replace(
      /^Start (.+) at WR$/,
      '$1',
    );
    await screenshot(page, 'walkthrough-replace-dialog-phone');
    expect(await blockingViolations(page)).toEqual([]);
    await choices.first().press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focusedLabel(page)).toBe(`Bench ${replacement}`);
    await expect(wrRow.locator('.player-cell__name').first().textContent()).resolves.toBe(replacement);
    // The FLEX player stayed where he was.
    await expect(
      h2h
        .locator('tbody tr')
        .filter({ has: page.locator('th[data-slot="WRRB_FLEX"]') })
        .locator('.player-cell__name')
        .first()
        .textContent(),
    ).resolves.toBe(flexBefore);

    // Enter on a bench player's Start keeps the keyboard on him: now in the line-up, his Bench button.
    const benchList = page.getByRole('region', { name: 'Your bench' });
    const start = benchList.getByRole('button', { name: `Start ${benched}`, exact: true });
    await start.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedLabel(page)).toBe(`Bench ${benched}`);
    // Ten starters for nine slots: one alert says so, once.
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    await expect(page.getByRole('alert').textContent()).resolves.toContain(
      'Line-up not allowed in this league.',
    );
    expect(await pageWidthOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(SIZES)(
    'at %s size /team-matchup picks a week; two teams that are not yours read as theirs, and players who have played swing nothing',
    async (name, viewport) => {
      const { page, context, errors } = await openSignedInPage(site.browser, site.app, { viewport });
      await linkSleeper(page);
      await page.goto('/team-matchup?platform=sleeper&league=1260643183704932352');
      const week = page.getByLabel('Week');
      await week.waitFor();
      await expect(week.inputValue()).resolves.toBe(String(LIVE_WEEK));
      await week.selectOption('1');
      await page.waitForURL(/week=1/);
      await page.getByText('week 1: the week is over, each team with the starters who played it.').waitFor();
      const first = (await page.getByLabel('First team').locator('option:checked').textContent())!.trim();
      const second = (await page.getByLabel('Second team').locator('option:checked').textContent())!.trim();
      await screenshot(page, `walkthrough-team-matchup-${name}`);
      await page.getByRole('button', { name: 'Analyze matchup' }).click();
      await page.waitForURL(/\/team-matchup\/dashboard$/);
      // the week is over: its result, said of the two teams by name, not a 0 % or 100 % chance
      const result = page.getByTestId('final-score');
      await result.waitFor({ timeout: 30_000 });
      await expect(result.locator('xpath=..').textContent()).resolves.toMatch(
        new RegExp(`· ${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (won|lost) by [\\d.]+$|· Tied$`),
      );
      const main = (await page.locator('main').textContent())!;
      expect(main).toContain(`${first}'s points minus ${second}'s`);
      expect(main).not.toContain('Your points minus theirs');
      expect(main).not.toMatch(/boom 100 ?%/);
      await page
        .getByText('Every starter has played (or will not play): no one is left to swing it.')
        .waitFor();
      expect(await pageWidthOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `walkthrough-team-matchup-dashboard-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(SIZES)(
    'walkthrough round 3 at %s size: the line-ups right after the score, labelled projections, defenses by name, 44 px targets, disabled buttons that look it, the matchup first on home',
    async (name, viewport) => {
      const { page, context, errors } = await openSignedInPage(site.browser, site.app, { viewport });
      await linkSleeper(page);
      await page.goto(LEAGUE_PATH);
      await page.getByTestId('preview-win-probability').waitFor({ timeout: 30_000 });
      const lineups = page.getByRole('table', { name: 'Head-to-head by slot' });
      const leverage = page.getByRole('heading', { name: `Playoff leverage, week ${LIVE_WEEK}` });
      await leverage.waitFor();
      const lineupsTop = (await lineups.boundingBox())!.y;
      const pageTop = await page.evaluate(() => window.scrollY);
      // the two line-ups start on the first screen, and the season tables come after them
      expect(lineupsTop + pageTop).toBeLessThan(viewport.height);
      expect((await leverage.boundingBox())!.y).toBeGreaterThan(lineupsTop);
      // every small figure under a player says what it is, at this width too
      const notes = (await page.locator('.h2h .player-cell__projection').allInnerTexts()).filter(Boolean);
      expect(notes.length).toBeGreaterThan(0);
      for (const note of notes) expect(note).toMatch(/^proj /);
      // a team defense is never named by the first word of its city
      const defenses = await page
        .locator('.player-cell')
        .filter({ has: page.locator('.player-cell__meta', { hasText: /^DEF\b/ }) })
        .locator('.player-cell__name')
        .allInnerTexts();
      console.log(`[walkthrough e2e ${name}] defenses shown: ${JSON.stringify(defenses)}`);
      for (const shown of defenses)
        expect(['San', 'New', 'Los', 'Las', 'Green', 'Kansas', 'Tampa']).not.toContain(shown.trim());
      await screenshot(page, `walkthrough-round3-league-${name}`);

      // every link and button a thumb aims at is at least 44 px tall
      const targets = [
        page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link'),
        page.locator('footer').getByRole('link'),
        ...(name === 'phone' ? [page.locator('.topbar__menu')] : []),
      ];
      for (const target of targets) {
        for (const box of await target.evaluateAll((nodes) =>
          nodes.map((node) => ({ text: node.textContent, height: node.getBoundingClientRect().height })),
        )) {
          expect(box.height, `${box.text}`).toBeGreaterThanOrEqual(44);
        }
      }

      // home: this week's matchup before the league counts
      await page.goto('/');
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: LIVE_LEAGUE }) });
      // this account has no team in the live league: its card says so (the projected score beside a win probability is not checked here)
      await card.locator('.league-matchup').waitFor({ timeout: 90_000 });
      const cardBox = (await card.boundingBox())!;
      const totalsBox = (await page.getByLabel('League totals').boundingBox())!;
      expect(cardBox.y).toBeLessThan(totalsBox.y);
      await screenshot(page, `walkthrough-round3-home-${name}`);

      // /compare: the remove × and the favorite star are whole targets
      await page.goto('/compare?players=4046,4034');
      const chips = page.getByRole('list', { name: 'Players compared' });
      await chips.getByRole('button').first().waitFor();
      for (const box of await chips
        .getByRole('button')
        .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect()))) {
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.width).toBeGreaterThanOrEqual(44);
      }

      // a disabled button does not look like one that works: no fill, and the reason beside it
      await page.goto('/link-leagues');
      const connect = page.getByRole('button', { name: 'Connect Yahoo' });
      await connect.waitFor();
      expect(await connect.isDisabled()).toBe(true);
      const look = await connect.evaluate((button) => {
        const style = getComputedStyle(button);
        return { background: style.backgroundColor, border: style.borderTopStyle };
      });
      expect(look).toEqual({ background: 'rgba(0, 0, 0, 0)', border: 'dashed' });
      await page.getByText('Yahoo linking is not set up on this server.', { exact: false }).waitFor();
      await screenshot(page, `walkthrough-round3-link-leagues-${name}`);
      expect(await pageWidthOverflow(page)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    },
    180_000,
  );
});
