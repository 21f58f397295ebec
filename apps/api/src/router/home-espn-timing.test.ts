import { leagueWeekViews, projections, winProbabilityPoints } from '@fm/db';
import { eq } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ESPN_COOKIES, FAKE_ESPN_PRIVATE_LEAGUE_ID } from '../../test/fakes/espn-server.js';
import type { TestClient } from '../../test/harness.js';
import { hasImportedNflData } from '../services/nfl-import/first-start-import.js';
import { type LeagueTestEnv, startLeagueTestEnv } from '../../test/leagues.js';

const NFL_DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/nfl-data');
/** How long the fake ESPN takes to answer the first league read (the real one takes about this). */
const ESPN_LATENCY_MS = 1_000;
const ESPN_LEAGUE_PATH = /\/leagues\/\d+$/;
const DETAILS = `/api/leagues/leagues/espn/${FAKE_ESPN_PRIVATE_LEAGUE_ID}/details`;

/** Home's requests: the leagues list, then each ESPN league's card (its details), timed from the client. */
async function openHome(client: TestClient) {
  const started = performance.now();
  const list = await client.get('/api/leagues/leagues');
  const listed = performance.now();
  const card = await client.get(DETAILS);
  const done = performance.now();
  return { list, card, listMs: listed - started, cardMs: done - listed, totalMs: done - started };
}

// One server for the file, on PGlite: the figures are of the request path, not of the database kind.
describe('Home with a linked ESPN league', () => {
  let env: LeagueTestEnv;
  let nflData: string;
  beforeAll(async () => {
    // the season's first week of our NFL data: the card's players have projections, as in production
    nflData = mkdtempSync(path.join(os.tmpdir(), 'fm-home-espn-'));
    mkdirSync(path.join(nflData, '2025'));
    symlinkSync(path.join(NFL_DATA, '2025', '1'), path.join(nflData, '2025', '1'));
    env = await startLeagueTestEnv('pglite', { env: { NFL_DATA_DIR: nflData } });
    const deadline = Date.now() + 120_000;
    while (!(await hasImportedNflData(env.server.deps))) {
      if (Date.now() > deadline) throw new Error('the NFL data import did not finish in time');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 150_000);
  afterAll(async () => {
    await env?.stop();
    if (nflData) rmSync(nflData, { recursive: true, force: true });
  });

  it('answers the card without waiting for its writes, which follow apart, and with the same numbers', async () => {
    const client = await env.newUser();
    const linked = await client.post('/api/leagues/espn/connect', {
      leagueId: FAKE_ESPN_PRIVATE_LEAGUE_ID,
      ...FAKE_ESPN_COOKIES,
    });
    expect(linked.status).toBe(200);
    const { db } = env.server.deps.database;
    const espnRows = async () =>
      (await db.select().from(projections).where(eq(projections.source, 'espn'))).length;
    const before = await espnRows();

    // ESPN takes about a second a league: Home reads it once (the list), the card reuses that answer
    env.espn.failNext({ kind: 'delay', ms: ESPN_LATENCY_MS }, 1, ESPN_LEAGUE_PATH);
    const cold = await openHome(client);
    expect(cold.list.status).toBe(200);
    expect(cold.list.body.data.espn).toEqual([
      expect.objectContaining({ league_id: FAKE_ESPN_PRIVATE_LEAGUE_ID, platform: 'espn' }),
    ]);
    expect(cold.card.status).toBe(200);
    expect(cold.card.body.my_roster_id).not.toBeNull();
    const warm = await openHome(client);
    expect(warm.card.body.matchups).toEqual(cold.card.body.matchups);
    expect(warm.card.body.projections).toEqual(cold.card.body.projections);

    // after the answers: the viewer noted, ESPN's projections stored, the week's matchups on their timeline
    await env.server.deps.afterAnswer.settled();
    const views = await db.select().from(leagueWeekViews);
    expect(views).toEqual([
      expect.objectContaining({
        platform: 'espn',
        leagueId: FAKE_ESPN_PRIVATE_LEAGUE_ID,
        week: cold.card.body.week,
      }),
    ]);
    expect(await espnRows()).toBeGreaterThan(before);
    const points = await db.select().from(winProbabilityPoints);
    expect(points.length > 0).toBe(!cold.card.body.is_week_complete);
    // what they wrote changes no number of the card
    const after = await client.get(DETAILS);
    expect(after.body.projections).toEqual(cold.card.body.projections);
    expect(after.body.matchups).toEqual(cold.card.body.matchups);
    const figures = (run: typeof cold) =>
      `list ${run.listMs.toFixed(0)} ms + card ${run.cardMs.toFixed(0)} ms = ${run.totalMs.toFixed(0)} ms`;
    process.stdout.write(
      `Home with an ESPN league — cold (ESPN ${ESPN_LATENCY_MS} ms): ${figures(cold)}; warm: ${figures(warm)}; ` +
        `espn projection rows ${before} → ${await espnRows()}, views ${views.length}, timeline points ${points.length}\n`,
    );
  }, 60_000);
});
