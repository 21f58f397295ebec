import { lineupLabInput, seasonInput } from '@fm/engine/bench-fixtures';
import {
  optimizeLineup,
  simulateMatchup,
  simulateSeasonOutlook,
  type MatchupInput,
  type MatchupResult,
} from '@fm/engine';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signedInClient,
  STRONG_PASSWORD,
  startTestServer,
  type TestClient,
  type TestServer,
  insertMatchupSlate,
  OPPONENT_STARTERS,
  USER_STARTERS,
  engineInputFromAnswer,
} from '@fm/api/testing';
import type { ScoreSummaryAnswer } from '@fm/contract';
import { openEngineWorkerPage, type EngineWorkerPage } from './engine-worker/engine-worker-page.js';
import { compareNumbers } from './engine-worker/same-numbers.js';
import { launchBrowser } from './harness.js';

type Summary = Pick<ScoreSummaryAnswer, 'mean' | 'median' | 'std' | 'p10' | 'p25' | 'p75' | 'p90'>;
const pickSummary = ({ mean, median, std, p10, p25, p75, p90 }: Summary) => ({
  mean,
  median,
  std,
  p10,
  p25,
  p75,
  p90,
});

const MEMBER = { email: 'determinism@example.com', password: STRONG_PASSWORD };

describe('same seed, same numbers: POST /api/matchup/simulate and the browser engine worker', () => {
  let server: TestServer;
  let member: TestClient;
  let browser: Browser;
  let workerPage: EngineWorkerPage;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer('pglite', { ADMIN_EMAIL: MEMBER.email, ADMIN_PASSWORD: MEMBER.password }),
      launchBrowser(),
    ]);
    await insertMatchupSlate(server.deps);
    member = await signedInClient(server, MEMBER.email, MEMBER.password);
    workerPage = await openEngineWorkerPage(browser);
  });
  afterAll(async () => {
    await workerPage?.close();
    await browser?.close();
    await server?.stop();
  });

  const runInWorker = (input: MatchupInput) =>
    workerPage.page.evaluate(
      (matchup) => window.engine.run('matchup', matchup),
      input,
    ) as Promise<MatchupResult>;

  it.each([
    ['a numeric seed', 20_251_109, 10_000],
    ['a text seed', 'sunday-night', 25_000],
  ])(
    'gives the same numbers for %s (bit-identical counts, wins and ties)',
    async (label, seed, iterations) => {
      const response = await member.post('/api/matchup/simulate', {
        user_team: {
          starters: [
            { player_id: USER_STARTERS[0]!.sleeperId, actual_points: 27.36 },
            ...USER_STARTERS.slice(1).map((p) => p.sleeperId),
          ],
        },
        opponent_team: OPPONENT_STARTERS.map((p) => p.sleeperId),
        seed,
        iterations,
      });
      expect(response.status).toBe(200);
      const input = engineInputFromAnswer(response.body);
      const inBrowser = await runInWorker(input);
      const inNode = simulateMatchup(input);

      // Bit-identical wherever V8's transcendental functions are not involved: every count, win and tie.
      expect(inBrowser.seed).toBe(seed);
      expect(inBrowser.winProbability).toBe(response.body.win_probability);
      expect(inBrowser.tieProbability).toBe(response.body.tie_probability);
      for (const [side, team] of [
        ['user', response.body.user_team],
        ['opponent', response.body.opponent_team],
      ] as const) {
        expect(inBrowser[side].histogram.counts).toEqual(team.histogram.counts);
      }
      expect(inBrowser.difference.histogram.counts).toEqual(response.body.difference.histogram.counts);

      // The whole result — every quantile, mean, probability and share — against Node's engine.
      const whole = compareNumbers(inBrowser, inNode);
      expect(whole.mismatches).toEqual([]);
      expect(whole.compared).toBeGreaterThan(300);

      // And what the API answered, field by field.
      const served = compareNumbers(
        {
          predictedScoreDifference: inBrowser.predictedScoreDifference,
          user: pickSummary(inBrowser.user),
          opponent: pickSummary(inBrowser.opponent),
          players: inBrowser.players.map((p) => [
            p.simulatedMean,
            p.swingShare,
            p.boomProbability,
            p.bustProbability,
          ]),
        },
        {
          predictedScoreDifference: response.body.predicted_score_difference,
          user: pickSummary(response.body.user_team),
          opponent: pickSummary(response.body.opponent_team),
          players: [...response.body.user_team.players, ...response.body.opponent_team.players].map(
            (p: {
              simulated_mean: number;
              swing_share: number;
              boom_probability: number;
              bust_probability: number;
            }) => [p.simulated_mean, p.swing_share, p.boom_probability, p.bust_probability],
          ),
        },
      );
      expect(served.mismatches).toEqual([]);
      console.log(
        `${label}: ${whole.identical} of ${whole.compared} numbers bit-identical between Chromium and Node`,
      );
    },
  );

  it('runs the lineup lab and the season outlook in their workers with the same numbers as Node', async () => {
    const lineup = lineupLabInput(5_000, 3);
    const season = seasonInput(5_000, 4);
    const [lineupInBrowser, seasonInBrowser] = await workerPage.page.evaluate(
      ([lab, outlook]) =>
        Promise.all([window.engine.run('lineup', lab), window.engine.run('season', outlook)]),
      [lineup, season] as const,
    );
    expect(compareNumbers(lineupInBrowser, optimizeLineup(lineup)).mismatches).toEqual([]);
    expect(compareNumbers(seasonInBrowser, simulateSeasonOutlook(season)).mismatches).toEqual([]);
  });
});
