import { alerts, players, playerWeekStats, projections } from '@fm/db';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../../test/admin-accounts.js';
import { signedInClient } from '../../../test/accounts.js';
import {
  recordedSeasonData,
  regularSeasonState,
  startFakeSleeperSeason,
  type FakeSleeperSeason,
} from '../../../test/fakes/sleeper-season-server.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../../test/harness.js';
import { waitFor } from '../../../test/wait-for.js';
import { SleeperSeasonFeed } from '../../integrations/sleeper/season-feed.js';
import { createDataSync } from './data-sync.js';
import { DATA_SYNC_ALERT_TYPE, FAILURES_BEFORE_ALERT, runSleeperSync } from './run-sleeper-sync.js';
import { readSyncRecord } from '../sync-record/sync-record.js';

async function tableCounts(server: TestServer) {
  const { db } = server.deps.database;
  const [p] = await db.select({ n: count() }).from(players);
  const [s] = await db.select({ n: count() }).from(playerWeekStats);
  const [r] = await db.select({ n: count() }).from(projections);
  return { players: Number(p!.n), stats: Number(s!.n), projections: Number(r!.n) };
}

describe.each(DATABASE_KINDS)('the live-data sync from a Sleeper-compatible service (%s)', (kind) => {
  let upstream: FakeSleeperSeason;
  let server: TestServer;

  beforeAll(async () => {
    // 2024 week 2 is being played: week 1 (recorded) is history, week 2's projections are live
    upstream = await startFakeSleeperSeason(recordedSeasonData(regularSeasonState(2024, 2)));
    server = await startTestServer(kind, { SLEEPER_API_URL: upstream.url, DATA_SYNC_MINUTES: '60' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await upstream?.close();
  });

  const fastFeed = (baseUrl = upstream.url) =>
    new SleeperSeasonFeed({ baseUrl, timeoutMs: 400, maxAttempts: 1 });

  it('fills a fresh install by itself at start: players, injuries, stats, every position projected', async () => {
    const record = await waitFor(async () => {
      const current = await readSyncRecord(server.deps.database);
      return current.lastSuccessAt && !current.running ? current : undefined;
    }, 60_000);
    expect(record.lastError).toBeNull();
    expect(record.nflWeek).toEqual({ season: 2024, week: 2, seasonType: 'regular' });
    expect(record.finalStatWeeks).toContain('2024:1');

    const page = await server.client().get('/api/projections/public/all?season=2024&week=1&limit=500');
    expect(page.status).toBe(200);
    // the recorded sample has no kicker lines (the season replay covers kickers)
    const positions = new Set(page.body.data.map((row: { position: string }) => row.position));
    expect([...positions].sort()).toEqual(['DEF', 'QB', 'RB', 'TE', 'WR']);
    expect(page.body.freshness.sources).toContain('sleeper');
    expect(Date.parse(page.body.freshness.updated_at)).toBeGreaterThan(Date.now() - 5 * 60_000);

    // the defense of Kansas City carries Sleeper's projection for the week (7.16 PPR as published;
    // our rescoring of its projected line rounds a hundredth apart)
    const kc = await server.client().get('/api/projections/public/def?season=2024&week=1&team=KC');
    const expert = await server.deps.database.db
      .select({ predMean: projections.predMean })
      .from(projections)
      .innerJoin(players, eq(players.id, projections.playerId))
      .where(
        and(
          eq(players.sleeperId, 'KC'),
          eq(projections.source, 'sleeper'),
          eq(projections.season, 2024),
          eq(projections.week, 1),
        ),
      );
    expect(expert).toHaveLength(1);
    expect(expert[0]!.predMean).toBeCloseTo(7.16, 1);
    expect(kc.body.data[0]?.team).toBe('KC');

    // injury statuses from the directory reach the players table
    const injured = await server.deps.database.db
      .select({ status: players.injuryStatus })
      .from(players)
      .where(eq(players.injuryStatus, 'Out'));
    expect(injured.length).toBeGreaterThan(0);
  }, 120_000);

  it('changes nothing on a second run with nothing new', async () => {
    const before = await tableCounts(server);
    const summary = await runSleeperSync(server.deps, fastFeed());
    expect(summary.isSuccess).toBe(true);
    expect(summary.rowsChanged).toBe(0);
    expect(await tableCounts(server)).toEqual(before);
  });

  it.each([
    ['a dead service', () => ({ feed: fastFeed('http://127.0.0.1:9'), inject: () => {} })],
    [
      'a service that hangs',
      () => ({ feed: fastFeed(), inject: () => upstream.failNext({ kind: 'delay', ms: 3_000 }, 5) }),
    ],
    ['a 503', () => ({ feed: fastFeed(), inject: () => upstream.failNext(503, 5) })],
    [
      'garbage answers',
      () => ({ feed: fastFeed(), inject: () => upstream.failNext({ kind: 'wrong-shape' }, 5, '/v1/stats') }),
    ],
    [
      'a page that is not JSON',
      () => ({ feed: fastFeed(), inject: () => upstream.failNext({ kind: 'invalid-json' }, 5) }),
    ],
  ])(
    'keeps serving the data held when it meets %s, and reports it',
    async (_label, setup) => {
      upstream.reset();
      const { feed, inject } = setup();
      inject();
      const before = await tableCounts(server);
      const pageBefore = await server.client().get('/api/projections/public/all?season=2024&week=1');
      const summary = await runSleeperSync(server.deps, feed);
      upstream.reset();
      expect(summary.isSuccess).toBe(false);
      expect(await tableCounts(server)).toEqual(before);
      const pageAfter = await server.client().get('/api/projections/public/all?season=2024&week=1');
      expect(pageAfter.body.data).toEqual(pageBefore.body.data);
      const record = await readSyncRecord(server.deps.database);
      expect(record.lastError).toMatch(/fail|could not|did not answer|unexpected|not JSON/i);
      expect(record.running).toBeNull();
    },
    30_000,
  );

  it(`raises a ${DATA_SYNC_ALERT_TYPE} alert after ${FAILURES_BEFORE_ALERT} failed runs in a row, once`, async () => {
    const record = await readSyncRecord(server.deps.database);
    expect(record.consecutiveFailures).toBeGreaterThanOrEqual(FAILURES_BEFORE_ALERT);
    await runSleeperSync(server.deps, fastFeed('http://127.0.0.1:9'));
    const raised = await server.deps.database.db
      .select()
      .from(alerts)
      .where(eq(alerts.type, DATA_SYNC_ALERT_TYPE));
    expect(raised).toHaveLength(1);
    expect(raised[0]!.message).toMatch(/failed \d+ times in a row/);

    const recovered = await runSleeperSync(server.deps, fastFeed());
    expect(recovered.isSuccess).toBe(true);
    expect((await readSyncRecord(server.deps.database)).consecutiveFailures).toBe(0);
  }, 30_000);

  it('shows the sources to admins and starts a sync on request (CSRF as every write)', async () => {
    const admin = await insertAccount(server, { role: 'admin' });
    const client = await signedInClient(server, admin.email);
    const status = await client.get('/api/admin/data-sync');
    expect(status.status).toBe(200);
    const sleeper = status.body.data.sources.find((source: { id: string }) => source.id === 'sleeper');
    expect(sleeper).toMatchObject({ isScheduled: true, intervalMinutes: 60, lastError: null });
    expect(sleeper.projectionWeeks).toEqual([{ season: 2024, weeks: [1] }]);

    const forged = await client.request('POST', '/api/admin/data-sync');
    expect(forged.status).toBe(403);
    const started = await client.post('/api/admin/data-sync', {});
    expect(started.status).toBe(200);
    expect(started.body.data.isStarted).toBe(true);
    await server.deps.dataSync.current();
    const user = await signedInClient(server, (await insertAccount(server)).email);
    expect((await user.get('/api/admin/data-sync')).status).toBe(403);
  }, 30_000);

  it('runs one sync at a time among processes sharing the database (an advisory lock)', async () => {
    // a second process's sync, as another API process on the same database would have
    const other = createDataSync(server.deps);
    upstream.failNext({ kind: 'delay', ms: 1_000 }, 1, '/v1/state');
    const [mine, theirs] = await Promise.all([server.deps.dataSync.runNow(), other.runNow()]);
    expect([mine.isStarted, theirs.isStarted]).toEqual([true, true]);
    const outcomes = await Promise.all([server.deps.dataSync.current(), other.current()]);
    // exactly one ran (its summary), the other found the lock held and skipped (null)
    expect(outcomes.filter((outcome) => outcome !== null)).toHaveLength(1);
    await other.stop();
  }, 30_000);
});
