import { executeRows } from '@fm/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_ESPN_LEAGUE_ID, startFakeEspn, type FakeEspn } from '../../../test/fakes/espn-server.js';
import { readFixture } from '../../../test/fakes/fixtures.js';
import { startHostileEspn, type HostileEspn } from '../../../test/fakes/hostile-espn.js';
import {
  recordedSeasonData,
  regularSeasonState,
  startFakeSleeperSeason,
  type FakeSleeperSeason,
} from '../../../test/fakes/sleeper-season-server.js';
import { EMBEDDED_DATABASE, startTestServer, type TestServer } from '../../../test/harness.js';
import { SleeperSeasonFeed } from '../../integrations/sleeper/season-feed.js';
import { loadModelInputs } from '../nfl-import/model-weeks.js';
import { espnBatch, storeEspnProjections } from './espn-projections.js';
import { runSleeperSync } from './run-sleeper-sync.js';
import { getDataSources } from './sources-report.js';
import { readSyncRecord } from '../sync-record/sync-record.js';

/** Saquon Barkley: ESPN 3929630, Sleeper 4866 (the recorded directory carries his espn_id). */
const SAQUON = { espnId: 3929630, sleeperId: '4866' };
const POOL_PATH = /\/leaguedefaults\/3$/;

/** ESPN's own total for his week-1 projection in the recorded (PPR) league. */
function recordedEspnTotal(espnId: number): number {
  const league = readFixture('espn/league_2023_week1_modular.json');
  for (const item of league.schedule) {
    for (const side of [item.home, item.away]) {
      for (const entry of side.rosterForCurrentScoringPeriod.entries) {
        if (entry.playerId !== espnId) continue;
        return entry.playerPoolEntry.player.stats.find((stat: any) => stat.statSourceId === 1).appliedTotal;
      }
    }
  }
  throw new Error(`player ${espnId} is not in the recording`);
}

async function espnRows(server: TestServer, season?: number) {
  return executeRows<{ season: number; week: number; sleeper_id: string; pred_mean: number; stats: unknown }>(
    server.deps.database.db,
    sql`select pr.season, pr.week, p.sleeper_id, pr.pred_mean, pr.stats
        from projections pr join players p on p.id = pr.player_id
        where pr.source = 'espn' ${season === undefined ? sql`` : sql`and pr.season = ${season}`}`,
  );
}

const poolRequests = (espn: FakeEspn) =>
  espn.requests.filter((request) => POOL_PATH.test(new URL(request.url, 'http://x').pathname));

describe.each(EMBEDDED_DATABASE)("ESPN's projections through the sync (%s)", (kind) => {
  let upstream: FakeSleeperSeason;
  let espn: FakeEspn;
  let server: TestServer;
  const sync = () =>
    runSleeperSync(server.deps, new SleeperSeasonFeed({ baseUrl: upstream.url, maxAttempts: 1 }));

  beforeAll(async () => {
    // 2024 week 2 is being played: 2023 and 2024 week 1 are history, weeks 2 and 3 are projected
    [upstream, espn] = await Promise.all([
      startFakeSleeperSeason(recordedSeasonData(regularSeasonState(2024, 2))),
      startFakeEspn(),
    ]);
    server = await startTestServer(kind, { SLEEPER_API_URL: upstream.url, ESPN_API_URL: espn.url });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await Promise.all([upstream?.close(), espn?.close()]);
  });

  it('stores ESPN’s pool projections of the weeks it projects, in PPR as ESPN scores them, and feeds them to the model', async () => {
    const summary = await sync();
    expect(summary.isSuccess).toBe(true);
    const record = await readSyncRecord(server.deps.database);
    expect(record.espnError).toBeNull();
    // one pool call a week: 2023's 18 weeks, 2024 week 1, and the live weeks 2 and 3
    expect(poolRequests(espn)).toHaveLength(21);
    expect(record.finalEspnWeeks).toEqual(expect.arrayContaining(['2023:1', '2023:18', '2024:1']));
    expect(record.finalEspnWeeks).not.toContain('2024:2');

    const { sources } = await getDataSources(server.deps);
    expect(sources.find((source) => source.id === 'espn')).toMatchObject({
      lastError: null,
      lastSuccessAt: expect.any(String),
      projectionWeeks: expect.arrayContaining([{ season: 2024, weeks: [1, 2, 3] }]),
    });

    const rows = await espnRows(server, 2024);
    expect(new Set(rows.map((row) => row.week))).toEqual(new Set([1, 2, 3]));
    const saquon = rows.find((row) => row.sleeper_id === SAQUON.sleeperId && row.week === 2)!;
    expect(saquon.pred_mean).toBeCloseTo(recordedEspnTotal(SAQUON.espnId), 2);
    expect(saquon.stats).toMatchObject({ rush_yd: expect.any(Number), rec: expect.any(Number) });

    // week 1's slate: Sleeper's and ESPN's projections side by side for the same players
    const inputs = await loadModelInputs(server.deps.database.db);
    const week1 = inputs.find((week) => week.season === 2024 && week.week === 1)!;
    const withEspn = week1.slate.filter((row) => row.experts.espn?.stats);
    expect(withEspn.length).toBe(rows.filter((row) => row.week === 1).length);
    expect(withEspn.filter((row) => row.experts.sleeper).length).toBeGreaterThan(50);
  });

  it('asks again only for the live weeks, and a run with nothing new at ESPN writes nothing', async () => {
    espn.reset();
    const again = await sync();
    expect(
      poolRequests(espn).map((request) =>
        new URL(request.url, 'http://x').searchParams.get('scoringPeriodId'),
      ),
    ).toEqual(['2', '3']);
    expect(again.changed.projections).toEqual({ created: 0, updated: 0 });
    expect(again.changed.model).toEqual({ created: 0, updated: 0 });
  });

  it('refits the model at the next run after a league page stored ESPN projections', async () => {
    const league = await server.deps.leagues.espn.getLeague({
      leagueId: FAKE_ESPN_LEAGUE_ID,
      season: 2024,
      scoringPeriod: 1,
    });
    const rostered = league.schedule
      .flatMap((item) => [item.home, item.away])
      .flatMap((side) => side?.rosterForCurrentScoringPeriod?.entries ?? [])
      .map((entry) => entry.playerPoolEntry.player);
    // a page of completed week 1 (which the sync does not read again): ESPN's line differs from the pool's
    for (const stat of rostered.find((player) => player.id === SAQUON.espnId)!.stats) {
      stat.stats = { ...stat.stats, '24': (stat.stats?.['24'] ?? 0) + 40 };
    }
    const directory = await server.deps.leagues.sleeper.getPlayers();
    const stored = await storeEspnProjections(
      server.deps,
      espnBatch({ season: 2024, week: 1 }, rostered, directory),
    );
    expect(stored.updated).toBe(1);
    const before = (await readSyncRecord(server.deps.database)).modelRunAt;
    const run = await sync();
    expect(run.changed.projections).toEqual({ created: 0, updated: 0 });
    expect(run.changed.model.updated).toBeGreaterThan(0);
    expect((await readSyncRecord(server.deps.database)).modelRunAt! > before!).toBe(true);
  });
});

describe('ESPN’s projections from a hostile ESPN-compatible service, through the sync', () => {
  let upstream: FakeSleeperSeason;
  let espn: FakeEspn;
  let hostile: HostileEspn;
  let server: TestServer;
  const sync = () =>
    runSleeperSync(server.deps, new SleeperSeasonFeed({ baseUrl: upstream.url, maxAttempts: 1 }));

  beforeAll(async () => {
    [upstream, espn] = await Promise.all([
      // the preseason: only week 1 is projected, so each run asks ESPN once
      startFakeSleeperSeason(recordedSeasonData({ ...regularSeasonState(2024, 1), season_type: 'pre' })),
      startFakeEspn(),
    ]);
    hostile = await startHostileEspn(espn.url);
    server = await startTestServer('pglite', { SLEEPER_API_URL: upstream.url, ESPN_API_URL: hostile.url });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await hostile?.close();
    await Promise.all([upstream?.close(), espn?.close()]);
  });
  beforeEach(() => hostile.set({ kind: 'none' }));

  it('cuts an oversized pool off while it streams and stores none of it; the Sleeper sync goes on', async () => {
    hostile.set({ kind: 'huge', path: POOL_PATH, bytes: 64 * 1024 * 1024 });
    const summary = await sync();
    expect(summary.isSuccess).toBe(true);
    expect(summary.changed.projections.created).toBeGreaterThan(0); // Sleeper's
    expect(hostile.bytesSent).toBeLessThan(32 * 1024 * 1024);
    expect(await espnRows(server)).toEqual([]);
    expect((await readSyncRecord(server.deps.database)).espnError).toMatch(/ESPN did not answer/);
    // the admin's Sources tab says so
    const { sources } = await getDataSources(server.deps);
    expect(sources.find((source) => source.id === 'espn')).toMatchObject({
      lastError: expect.stringMatching(/ESPN did not answer/),
      lastSuccessAt: null,
      projectionWeeks: [],
    });
  });

  it('refuses malformed pools (not a list, wrong types, too many players, non-finite numbers), storing nothing', async () => {
    const player = { id: 1, defaultPositionId: 3, stats: [] };
    for (const body of [
      { players: { not: 'a list' } },
      { players: [{ player: { ...player, id: 'one' } }] },
      { players: Array.from({ length: 1_001 }, () => ({ player })) },
      {
        players: [
          {
            player: {
              ...player,
              stats: [{ statSourceId: 1, statSplitTypeId: 1, scoringPeriodId: 1, stats: { '53': 'x' } }],
            },
          },
        ],
      },
      // JSON's 1e999 reads as Infinity
      `{"players":[{"player":{"id":1,"defaultPositionId":3,"stats":[{"statSourceId":1,"statSplitTypeId":1,"scoringPeriodId":1,"stats":{"53":1e999}}]}}]}`,
    ]) {
      hostile.set({ kind: 'body', path: POOL_PATH, body });
      await sync();
      expect(await espnRows(server)).toEqual([]);
      expect((await readSyncRecord(server.deps.database)).espnError).toMatch(/ESPN did not answer/);
    }
  });

  it('leaves the week as it was when the database refuses one of its rows half-way (one transaction)', async () => {
    const { db } = server.deps.database;
    await db.execute(sql`create or replace function refuse_saquon() returns trigger language plpgsql as $$
      begin if new.source = 'espn' and new.player_id = (select id from players where sleeper_id = '4866') then
        raise exception 'refused'; end if; return new; end $$`);
    await db.execute(
      sql`create trigger refuse_saquon before insert or update on projections for each row execute function refuse_saquon()`,
    );
    try {
      await sync();
      expect((await readSyncRecord(server.deps.database)).espnError).toMatch(/insert into "projections"/);
      expect(await espnRows(server)).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger refuse_saquon on projections`);
    }
    const summary = await sync();
    expect(summary.isSuccess).toBe(true);
    expect((await espnRows(server)).length).toBeGreaterThan(50);
    expect((await readSyncRecord(server.deps.database)).espnError).toBeNull();
  });
});
