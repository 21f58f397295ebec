/**
 * Round trip of one engine preview in Chromium: the page asks the engine worker (the web app's
 * engine.worker.ts through engine-client.ts) for a 9 v 9 correlated matchup of 10,000 iterations
 * and waits for the answer — what useEnginePreview does after its debounce. Printed next to the
 * same simulation in Node, with the longest main-thread stall seen while previews ran.
 * Run: `npx pnpm@10 --filter @fm/web bench` (target: median round trip ≤ 20 ms).
 */
import os from 'node:os';
import { OPPONENT_LINEUP, USER_LINEUP } from '@fm/engine/bench-fixtures';
import { simulateMatchup, type MatchupInput } from '@fm/engine';
import { openEngineWorkerPage } from '../engine-worker/engine-worker-page.js';
import { launchBrowser } from '../harness.js';

const WARM_UP_RUNS = 20;
const MEASURED_RUNS = 100;
const TARGET_MEDIAN_MS = 20;

const INPUT: MatchupInput = {
  user: { players: USER_LINEUP },
  opponent: { players: OPPONENT_LINEUP },
  iterations: 10_000,
  seed: 11,
};

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const browser = await launchBrowser();
const workerPage = await openEngineWorkerPage(browser);
try {
  const measured = await workerPage.page.evaluate(
    async ({ input, warmUp, runs }) => {
      for (let i = 0; i < warmUp; i++) await window.engine.run('matchup', { ...input, seed: i });
      // A 1 ms ticker: its longest gap is the longest the main thread was kept from running.
      let longestStall = 0;
      let last = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        longestStall = Math.max(longestStall, now - last);
        last = now;
      }, 1);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await window.engine.run('matchup', { ...input, seed: 1_000 + i });
        times.push(performance.now() - started);
      }
      clearInterval(ticker);
      // The same ticker for as long with nothing running: the stall this machine causes anyway.
      const duringPreviews = longestStall;
      const elapsed = times.reduce((a, b) => a + b, 0);
      longestStall = 0;
      last = performance.now();
      const idleTicker = setInterval(() => {
        const now = performance.now();
        longestStall = Math.max(longestStall, now - last);
        last = now;
      }, 1);
      await new Promise((resolve) => setTimeout(resolve, elapsed));
      clearInterval(idleTicker);
      return { times, longestStall: duringPreviews, idleStall: longestStall };
    },
    { input: INPUT, warmUp: WARM_UP_RUNS, runs: MEASURED_RUNS },
  );

  const nodeTimes: number[] = [];
  for (let i = 0; i < WARM_UP_RUNS; i++) simulateMatchup({ ...INPUT, seed: i });
  for (let i = 0; i < MEASURED_RUNS; i++) {
    const started = performance.now();
    simulateMatchup({ ...INPUT, seed: 1_000 + i });
    nodeTimes.push(performance.now() - started);
  }

  const browserSorted = [...measured.times].sort((a, b) => a - b);
  const nodeSorted = [...nodeTimes].sort((a, b) => a - b);
  const median = quantile(browserSorted, 0.5);
  console.log(
    `engine worker preview in Chromium ${browser.version()} — 9 v 9 correlated, 10,000 iterations, ${MEASURED_RUNS} runs, ` +
      `${os.availableParallelism()} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  console.table([
    {
      measure: 'round trip median (page → worker → page)',
      value: `${median.toFixed(2)} ms`,
      target: `≤ ${TARGET_MEDIAN_MS} ms`,
      met: median <= TARGET_MEDIAN_MS ? 'yes' : 'NO',
    },
    {
      measure: 'round trip p95',
      value: `${quantile(browserSorted, 0.95).toFixed(2)} ms`,
      target: '',
      met: '',
    },
    { measure: 'round trip best', value: `${browserSorted[0]!.toFixed(2)} ms`, target: '', met: '' },
    {
      measure: 'same simulation in Node, median',
      value: `${quantile(nodeSorted, 0.5).toFixed(2)} ms`,
      target: '',
      met: '',
    },
    {
      measure: 'browser round trip / Node run',
      value: `${(median / quantile(nodeSorted, 0.5)).toFixed(2)}×`,
      target: '',
      met: '',
    },
    {
      measure: 'longest main-thread stall during previews',
      value: `${measured.longestStall.toFixed(1)} ms`,
      target: '',
      met: '',
    },
    {
      measure: 'longest main-thread stall, nothing running',
      value: `${measured.idleStall.toFixed(1)} ms`,
      target: '',
      met: '',
    },
  ]);
} finally {
  await workerPage.close();
  await browser.close();
}
