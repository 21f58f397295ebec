import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { type FakeSleeper, startFakeSleeper } from '@fm/api/testing';
import { type E2eApp, launchBrowser, startE2eApp } from './harness.js';
import { linkNflWeeks, waitForProjectedWeek } from './nfl-weeks.js';

/** The fake Sleeper's 2025 league, played as if week 2 were on now: week 1 is over, line-ups can still change. */
export const LIVE_LEAGUE = 'You Get in the Bowl';
export const LIVE_SEASON = '2025';
export const LIVE_WEEK = 2;
const IMPORT_TIMEOUT_MS = 90_000;

export interface LiveLeagueSite {
  app: E2eApp;
  browser: Browser;
  stop(): Promise<void>;
}

/**
 * The built app (`name` names its logs) against the fake Sleeper with week 2 on and the NFL data of weeks 1–2,
 * once it serves week 2's projections; and a browser.
 */
export async function startLiveLeagueSite(name: string): Promise<LiveLeagueSite> {
  const nflData = linkNflWeeks(LIVE_SEASON, [1, LIVE_WEEK]);
  const started: { sleeper?: FakeSleeper; app?: E2eApp; browser?: Browser } = {};
  const stop = async () => {
    await started.browser?.close();
    await started.app?.stop();
    await started.sleeper?.close();
    rmSync(nflData, { recursive: true, force: true });
  };
  try {
    const sleeper = (started.sleeper = await startFakeSleeper({ liveWeek: LIVE_WEEK }));
    [started.app, started.browser] = await Promise.all([
      startE2eApp({ name, env: { SLEEPER_API_URL: sleeper.url, NFL_DATA_DIR: nflData } }),
      launchBrowser(),
    ]);
    await waitForProjectedWeek(started.app, LIVE_WEEK, IMPORT_TIMEOUT_MS);
    return { app: started.app, browser: started.browser, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
