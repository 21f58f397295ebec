/**
 * Game day, pushed: a league page open in the browser follows a replayed game — kickoff, halftime, final whistle —
 * by itself, without a reload. Two API processes share one PostgreSQL database, as behind a load balancer: the
 * page's process syncs nothing (DATA_SYNC_MINUTES=0); the other one's live sync reads the game clock from a
 * scoreboard-compatible service and the week's stats from a Sleeper-compatible one. A change reaches the page's
 * process only through the data-change announcement (LISTEN/NOTIFY), and the page only through its server-sent
 * events.
 */
import { rmSync } from 'node:fs';
import { type LeagueInputDetails, weekStarterIds } from '@fm/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_SEASON_LEAGUE_ID, readSyncRecord } from '@fm/api/testing';
import { openDatabase, type Database } from '@fm/db';
import { type E2eGameDay, type GameDayPhase, startE2eGameDay } from './game-day.js';
import { launchBrowser, screenshot, startE2eApp, type E2eApp } from './harness.js';
import { until } from './until.js';
import { linkWeekBeforeKickoff, waitForProjectedWeek } from './nfl-weeks.js';
import { linkSleeper, openLeaguePage, openSignedInPage } from './site-pages.js';

const SEASON = 2025;
/** The fake Sleeper league's live week: projected at first, played during the test. */
const LIVE_WEEK = 2;
const LEAGUE = 'You Get in the Bowl';
const MY_ROSTER_ID = 1;
const IMPORT_TIMEOUT_MS = 120_000;
/** The shortest game-day refresh the server allows. */
const LIVE_SYNC_SECONDS = 10;
/** The promise: on screen within 10 s of the stats landing. */
const PUSH_DEADLINE_MS = 10_000;
/** The syncing process reads the advanced replay at its next tick (every LIVE_SYNC_SECONDS, plus the tick). */
const TICK_TIMEOUT_MS = LIVE_SYNC_SECONDS * 1000 + 20_000;
/** Line-ups scoring these shares of their projections: mine above, the others below. */
const MY_SHARE = 1.2;
const THEIR_SHARE = 0.8;

type Details = LeagueInputDetails & { app_player_ids: Record<string, number> };

interface Shown {
  winProbability: number;
  text: string;
  mine: string;
  theirs: string;
}

/** The headline as the page shows it, once its engine run is done (null while it runs, or once the result is in). */
async function shownFigures(page: Page): Promise<Shown | null> {
  if ((await page.getByTestId('win-bar-updating').count()) > 0) return null;
  if ((await page.getByTestId('preview-win-probability').count()) === 0) return null;
  const text = await page.getByTestId('preview-win-probability').textContent();
  const meta = await page.locator('.win-bar__meta').textContent();
  const projected = /Projected ([\d.]+) – ([\d.]+)/.exec(meta ?? '');
  if (!text || !projected) return null;
  return { winProbability: Number.parseFloat(text), text, mine: projected[1]!, theirs: projected[2]! };
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** A phone row of the head-to-head: two lines, a Bench button beside them. */
const MAX_ROW_PX = 120;

/** Both teams' points on the board, as the box score shows them. */
async function boardPoints(page: Page): Promise<[string, string]> {
  return [
    (await page.getByTestId('score-user').textContent()) ?? '',
    (await page.getByTestId('score-opponent').textContent()) ?? '',
  ];
}

/** Each starter's game status, as his cell's one-line meta ends it ("QB · BUF · Half"). */
async function metaLines(page: Page): Promise<string[]> {
  return page.locator('table.h2h tbody .player-cell__meta').evaluateAll((cells) =>
    cells.map((cell) => {
      // the score and opponent are for wide screens; the status is what a phone shows
      const wide = cell.querySelector('.player-cell__game')?.textContent ?? '';
      const tag = cell.querySelector('.injury-tag')?.textContent ?? '';
      return (cell.textContent ?? '').replace(wide, '').replace(tag, '');
    }),
  );
}

/**
 * The page at 390 × 844 and at 1280 × 800: both teams' points on the first screen, head-to-head rows at most
 * 120 px tall on the phone with every name whole (never cut, never an ellipsis) and each meta on one line;
 * screenshots of both.
 */
async function checkBoxScoreAt(page: Page, phase: string): Promise<void> {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const id of ['score-user', 'score-opponent']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.y + box.height, `${id} on the first ${name} screen`).toBeLessThanOrEqual(viewport.height);
    }
    const rows = await page.locator('table.h2h tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({
        height: tr.getBoundingClientRect().height,
        names: Array.from(tr.querySelectorAll<HTMLElement>('.player-cell__name')).map((cell) => ({
          name: cell.innerText,
          clipped: cell.scrollWidth > cell.clientWidth + 1 || /…/.test(cell.innerText),
          lines: Math.round(
            cell.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(cell).lineHeight),
          ),
        })),
        metas: Array.from(tr.querySelectorAll<HTMLElement>('.player-cell__meta')).map((cell) => ({
          meta: cell.innerText,
          cut: cell.scrollWidth > cell.clientWidth + 1,
        })),
      })),
    );
    await screenshot(page, `live-push-${phase}-${name}`, { firstScreen: true });
    if (name === 'phone') {
      expect(Math.max(...rows.map((row) => row.height))).toBeLessThanOrEqual(MAX_ROW_PX);
      // every name whole and on one line (its first name an initial), nothing cut
      expect(rows.flatMap((row) => row.names).filter((shown) => shown.clipped || shown.lines !== 1)).toEqual(
        [],
      );
      expect(rows.flatMap((row) => row.metas).filter((shown) => shown.cut)).toEqual([]);
    }
    console.log(
      `[live-push e2e] ${phase} at ${viewport.width} px: tallest head-to-head row ${Math.max(...rows.map((r) => r.height)).toFixed(0)} px, points on the board ${(await boardPoints(page)).join(' – ')}`,
    );
  }
}

describe.runIf(process.env.DATABASE_URL)(
  'a league page during a replayed game, the stats landing on the other API process',
  () => {
    let gameDay: E2eGameDay;
    let pages: E2eApp;
    let syncer: E2eApp;
    let browser: Browser;
    let database: Database;
    let nflDir: string;

    beforeAll(
      async () => {
        nflDir = linkWeekBeforeKickoff(SEASON, LIVE_WEEK);
        // every game of the week kicked off an hour ago by the schedule; the scoreboard says when they really start
        const kickoff = new Date(Date.now() - 60 * 60_000);
        gameDay = await startE2eGameDay({
          nflDir,
          season: SEASON,
          week: LIVE_WEEK,
          myRosterId: MY_ROSTER_ID,
          kickoff,
        });
        const upstreams = {
          SLEEPER_API_URL: gameDay.sleeper.url,
          NFL_SCOREBOARD_URL: `${gameDay.scoreboard.url}/scoreboard`,
        };
        [pages, browser] = await Promise.all([
          startE2eApp({ name: 'live-push-pages', env: { ...upstreams, NFL_DATA_DIR: nflDir } }),
          launchBrowser(),
        ]);
        await waitForProjectedWeek(pages, LIVE_WEEK, IMPORT_TIMEOUT_MS);
        syncer = await startE2eApp({
          name: 'live-push-sync',
          sharesDatabaseOf: pages,
          env: { ...upstreams, DATA_SYNC_MINUTES: '60', LIVE_SYNC_SECONDS: String(LIVE_SYNC_SECONDS) },
        });
        database = await openDatabase({ databaseUrl: pages.databaseUrl! });
        // the syncing process's first run: the schedule, the directory's Sleeper ids, the week being played
        await until('the first sync of the syncing process', IMPORT_TIMEOUT_MS, async () =>
          (await readSyncRecord(database)).lastSuccessAt ? true : undefined,
        );
      },
      2 * IMPORT_TIMEOUT_MS + 60_000,
    );
    afterAll(async () => {
      await database?.close();
      await browser?.close();
      await syncer?.stop();
      await pages?.stop();
      await gameDay?.close();
      if (nflDir) rmSync(nflDir, { recursive: true, force: true });
    });

    /** Moves the replay on; resolves when the syncing process has read the new stats (they are landing). */
    async function advance(phase: GameDayPhase): Promise<{ advancedAt: number; landedAt: number }> {
      const from = gameDay.sleeper.requests.length;
      const advancedAt = Date.now();
      gameDay.advance(phase);
      const read = await until(`the syncing process to read the ${phase} stats`, TICK_TIMEOUT_MS, () =>
        gameDay.sleeper.requests
          .slice(from)
          .find((request) => request.url.startsWith(`/v1/stats/nfl/regular/${SEASON}/${LIVE_WEEK}`)),
      );
      return { advancedAt, landedAt: read.receivedAt };
    }

    /** The page's headline once `isUpdated` says it shows the phase, within 10 s of the stats landing. */
    async function shownAfter(
      page: Page,
      phase: GameDayPhase,
      isUpdated: (shown: Shown) => Promise<boolean> | boolean,
    ): Promise<Shown> {
      const { advancedAt, landedAt } = await advance(phase);
      const shown = await until(`the page to show the ${phase}`, PUSH_DEADLINE_MS + 5_000, async () => {
        const figures = await shownFigures(page);
        return figures && (await isUpdated(figures)) ? figures : undefined;
      });
      const shownAt = Date.now();
      console.log(
        `[live-push e2e] ${phase}: on screen ${shownAt - landedAt} ms after the stats landed on the other ` +
          `process (${shownAt - advancedAt} ms after the replay advanced; it ticks every ${LIVE_SYNC_SECONDS} s)`,
      );
      expect(shownAt - landedAt).toBeLessThan(PUSH_DEADLINE_MS);
      return shown;
    }

    it('updates the box score and the win probability by itself: kickoff = pregame, halftime between, final = the result; fits 390 and 1280 px', async () => {
      const { context, page, errors } = await openSignedInPage(browser, pages);
      await linkSleeper(page);
      await openLeaguePage(page, LEAGUE);
      await page.getByRole('status').filter({ hasText: /^Live/ }).waitFor();
      const pregame = await until('the pregame figure', 30_000, () =>
        shownFigures(page).then((s) => s ?? undefined),
      );
      // a reload would lose this
      await page.evaluate(() => ((window as unknown as { pageMark: number }).pageMark = 1));
      await screenshot(page, 'live-push-pregame');
      await checkBoxScoreAt(page, 'pregame');
      // nothing played yet: 0.0 on the board, every starter yet to play with his kickoff
      expect(await boardPoints(page)).toEqual(['0.0', '0.0']);

      // Who scores what: each rostered skill player a share of his projection (in the league's scoring).
      const answer = await context.request.get(
        `${pages.baseUrl}/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details?week=${LIVE_WEEK}`,
      );
      const details = (await answer.json()) as Details;
      const finals = new Map<string, number>();
      for (const roster of details.rosters) {
        const share = roster.roster_id === MY_ROSTER_ID ? MY_SHARE : THEIR_SHARE;
        for (const player of [...roster.players.starters, ...roster.players.bench]) {
          const projection = details.projections[player.player_id];
          if (!projection || details.app_player_ids[player.player_id] === undefined) continue;
          if (!['QB', 'RB', 'WR', 'TE'].includes(player.position)) continue;
          finals.set(player.player_id, Math.round(projection.mean * share * 10) / 10);
        }
      }
      gameDay.plan(finals);
      const mine = details.matchups.find((matchup) => matchup.roster_id === MY_ROSTER_ID)!;
      const opponentId = details.matchups.find(
        (matchup) => matchup.matchup_id === mine.matchup_id && matchup.roster_id !== MY_ROSTER_ID,
      )!.roster_id;
      const official = (rosterId: number) =>
        weekStarterIds(details, rosterId).reduce((sum, id) => sum + (finals.get(id) ?? 0), 0);
      const [myFinal, theirFinal] = [official(MY_ROSTER_ID), official(opponentId)];
      // the replay's outcome: I win
      expect(myFinal).toBeGreaterThan(theirFinal);

      // Kickoff: every game under way, nobody has scored. The page shows the new states by itself ("Q1 15:00"),
      // and a game at 15:00 of the 1st quarter changes nothing: the pregame figure and expected points.
      // (the page settles there: a figure read while the new states arrive may lag them for a moment)
      const atKickoff = await shownAfter(
        page,
        'kickoff',
        async (shown) =>
          (await metaLines(page)).some((line) => line.endsWith('Q1 15:00')) &&
          shown.text === pregame.text &&
          shown.mine === pregame.mine,
      );
      expect(atKickoff).toEqual(pregame);
      await screenshot(page, 'live-push-kickoff');

      // Halftime: half of each line in, half of each game to play; strictly between the pregame figure and the final.
      const atHalf = await shownAfter(
        page,
        'halftime',
        async (shown) =>
          shown.text !== pregame.text &&
          (await metaLines(page)).filter((line) => line.endsWith(' · Half')).length > 4,
      );
      expect(atHalf.winProbability).toBeGreaterThan(pregame.winProbability);
      expect(atHalf.winProbability).toBeLessThan(100);
      expect(atHalf.mine).not.toBe(pregame.mine);
      await screenshot(page, 'live-push-halftime');
      // the box score: both teams' points so far, "Half" for every starter with a game, who is playing
      const [mineAtHalf] = await boardPoints(page);
      expect(Number.parseFloat(mineAtHalf)).toBeGreaterThan(0);
      expect((await metaLines(page)).filter((line) => line.endsWith(' · Half')).length).toBeGreaterThan(4);
      await expect(page.locator('.box-score__progress').first().textContent()).resolves.toMatch(
        /\d+ playing/,
      );
      await checkBoxScoreAt(page, 'half');

      // Final whistle (the platform has not closed the week yet): the result, made of the points on the board, and
      // no probability, no advice, nobody to start or bench.
      const margin = (Number(myFinal.toFixed(1)) - Number(theirFinal.toFixed(1))).toFixed(1);
      const { landedAt } = await advance('final');
      const result = page.getByTestId('final-score');
      await until('the result', PUSH_DEADLINE_MS + 5_000, async () =>
        (await result.count()) > 0 ? true : undefined,
      );
      console.log(
        `[live-push e2e] final: the result on screen ${Date.now() - landedAt} ms after the stats landed`,
      );
      expect(Date.now() - landedAt).toBeLessThan(PUSH_DEADLINE_MS);
      await expect
        .poll(() => result.textContent())
        .toBe(`Final ${myFinal.toFixed(1)} – ${theirFinal.toFixed(1)} · You won by ${margin}`);
      expect(await boardPoints(page)).toEqual([myFinal.toFixed(1), theirFinal.toFixed(1)]);
      expect(await page.getByTestId('preview-win-probability').count()).toBe(0);
      expect(await page.getByText('Win probability', { exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^(Bench|Start|Apply) / }).count()).toBe(0);
      const metas = await metaLines(page);
      expect(metas.filter((line) => line.endsWith(' · Final')).length).toBeGreaterThan(4);
      expect(metas.some((line) => / · (Half|Q\d)/.test(line))).toBe(false);
      await checkBoxScoreAt(page, 'final');
      // the home page says the same
      const home = await context.newPage();
      await home.goto('/');
      const card = home.getByRole('listitem').filter({ has: home.getByRole('heading', { name: LEAGUE }) });
      await expect
        .poll(() => card.locator('.league-matchup__chance').textContent(), { timeout: 15_000 })
        .toBe(`Final ${myFinal.toFixed(1)}–${theirFinal.toFixed(1)} · won by ${margin}`);
      await home.close();

      // The timeline recorded on the server at each change, on the page without a reload.
      const timeline = page.getByRole('table', { name: /win probability over game time/ });
      const rows = timeline.locator('tbody tr');
      await until('the timeline’s final point', PUSH_DEADLINE_MS, async () =>
        (await rows.last().textContent())?.endsWith('100%100%') ? true : undefined,
      );
      const played = await rows.evaluateAll((trs) =>
        trs.map((tr) => tr.querySelectorAll('td')[0]?.textContent),
      );
      expect(played.slice(-3)).toEqual(['0%', '50%', '100%']);
      await screenshot(page, 'live-push-final');

      expect(await page.evaluate(() => (window as unknown as { pageMark?: number }).pageMark)).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
