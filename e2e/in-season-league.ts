import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { startFakeSleeper, type FakeSleeper } from '@fm/api/testing';
import { launchBrowser, openPage, startE2eApp, type BrowserPage, type E2eApp } from './harness.js';
import { linkNflWeeks, waitForProjectedWeek } from './nfl-weeks.js';
import { linkSleeper, registerVerifiedUser, signIn } from './site-pages.js';

/** A phone and a laptop: the pages checked on them must fit both. */
export const PHONE_AND_LAPTOP = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
export type Viewport = (typeof PHONE_AND_LAPTOP)[number];

/** The fake Sleeper's in-season league (2025, 10 teams), played live at week 1 with the user owning roster 1. */
export const IN_SEASON_LEAGUE = 'You Get in the Bowl';
export const IMPORTED_WEEK = { season: '2025', week: '1' };
const IMPORT_TIMEOUT_MS = 60_000;

/** The built server with the in-season league's week projected, a browser, and a user who linked Sleeper. */
export interface InSeasonLeagueSite {
  app: E2eApp;
  browser: Browser;
  /** The signed-up user who linked the fake Sleeper's manager. */
  email: string;
  /** A fresh browser context at `viewport`, signed in as that user. */
  signedInPage(viewport: Viewport): Promise<BrowserPage>;
  stop(): Promise<void>;
}

/**
 * Starts the server (named `name` for its database and logs) against a fake Sleeper whose in-season league is
 * being played, waits for the week's projections, and signs a new user up who links the Sleeper account.
 */
export async function startInSeasonLeagueSite(name: string): Promise<InSeasonLeagueSite> {
  let app: E2eApp | undefined;
  let browser: Browser | undefined;
  let sleeper: FakeSleeper | undefined;
  const nflData = linkNflWeeks(IMPORTED_WEEK.season, [IMPORTED_WEEK.week]);
  const stop = async () => {
    await browser?.close();
    await app?.stop();
    await sleeper?.close();
    rmSync(nflData, { recursive: true, force: true });
  };
  try {
    sleeper = await startFakeSleeper({ inSeasonRosterOwned: 1, isInSeasonLeagueLive: true });
    [app, browser] = await Promise.all([
      startE2eApp({ name, env: { SLEEPER_API_URL: sleeper.url, NFL_DATA_DIR: nflData } }),
      launchBrowser(),
    ]);
    await waitForProjectedWeek(app, IMPORTED_WEEK.week, IMPORT_TIMEOUT_MS);
    const { context, page } = await openPage(browser, app.baseUrl);
    const email = await registerVerifiedUser(app, context);
    await signIn(context, email);
    await linkSleeper(page);
    await context.close();
    const started = { app, browser };
    return {
      ...started,
      email,
      async signedInPage(viewport) {
        const opened = await openPage(started.browser, started.app.baseUrl, { viewport });
        await signIn(opened.context, email);
        return opened;
      },
      stop,
    };
  } catch (error) {
    // a half-started site is torn down here: the caller has nothing to stop
    await stop();
    throw error;
  }
}
