import { BOOM_THRESHOLD, BUST_THRESHOLD } from '@fm/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, signedInClient } from '../../test/accounts.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../test/harness.js';
import { insertPlayers, insertProjections, type TestProjection } from '../../test/nfl-rows.js';
import { importProjectionCsv } from '../services/data-management/projection-csv-import.js';

const ADMIN = { email: 'projections-admin@example.com', password: STRONG_PASSWORD };
const RECEIVERS = 60;

describe.each(DATABASE_KINDS)('projections API on %s', (kind) => {
  let server: TestServer;
  let ids: Record<string, number>;
  let receiverIds: number[];

  beforeAll(async () => {
    server = await startTestServer(kind, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const database = server.deps.database;
    const [allen, henry, flowers, rice, kelce, shrader] = await insertPlayers(database, [
      { name: 'Josh Allen', position: 'QB', team: 'BUF' },
      { name: 'Derrick Henry', position: 'RB', team: 'BAL' },
      { name: 'Zay Flowers', position: 'WR', team: 'BAL' },
      { name: 'Rashee Rice', position: 'WR', team: 'KC' },
      { name: 'Travis Kelce', position: 'TE', team: 'KC' },
      { name: 'Spencer Shrader', position: 'K', team: 'IND' },
    ]);
    ids = { allen: allen!, henry: henry!, flowers: flowers!, rice: rice!, kelce: kelce!, shrader: shrader! };
    receiverIds = await insertPlayers(
      database,
      Array.from({ length: RECEIVERS }, (_, i) => ({
        name: `Receiver ${String(i + 1).padStart(2, '0')}`,
        position: 'WR',
        team: 'NYJ',
      })),
    );
    const week = (w: number, season = 2025): TestProjection[] => [
      {
        playerId: ids.allen!,
        season,
        week: w,
        source: 'model',
        team: 'BUF',
        opponent: '@MIA',
        predMean: 24,
        p10: 14,
        p50: 23.5,
        p90: 35,
      },
      {
        playerId: ids.henry!,
        season,
        week: w,
        source: 'nflcom',
        team: 'BAL',
        opponent: 'CLE',
        predMean: 15.5,
      },
      {
        playerId: ids.flowers!,
        season,
        week: w,
        source: 'nflcom',
        team: 'BAL',
        opponent: 'CLE',
        predMean: 9,
      },
      {
        playerId: ids.flowers!,
        season,
        week: w,
        source: 'model',
        team: 'BAL',
        opponent: 'CLE',
        predMean: 13.25,
      },
      {
        playerId: ids.rice!,
        season,
        week: w,
        source: 'import',
        team: 'KC',
        opponent: '@DEN',
        predMean: 14,
        p10: null,
        p50: null,
        p90: null,
        predStd: 6,
      },
      {
        playerId: ids.kelce!,
        season,
        week: w,
        source: 'model',
        team: 'KC',
        opponent: '@DEN',
        predMean: 10.5,
      },
      { playerId: ids.shrader!, season, week: w, source: 'model', team: 'IND', opponent: 'MIA', predMean: 8 },
      ...receiverIds.map((id, i) => ({
        playerId: id,
        season,
        week: w,
        source: 'model' as const,
        team: 'NYJ',
        opponent: 'NE',
        predMean: 2 + i * 0.1,
      })),
    ];
    await insertProjections(server.deps, [...week(17, 2024), ...week(10), ...week(11)]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers the latest week of the latest season by default, 50 a page, best projection first', async () => {
    const response = await server.client().get('/api/projections/public/all');
    expect(response.status).toBe(200);
    const { data, pagination, week, season } = response.body;
    expect({ week, season }).toEqual({ week: 11, season: 2025 });
    expect(pagination).toEqual({ page: 1, limit: 50, total: 6 + RECEIVERS, totalPages: 2 });
    expect(data).toHaveLength(50);
    expect(data[0]).toMatchObject({
      player_id: String(ids.allen),
      player_name: 'Josh Allen',
      position: 'QB',
      team: 'BUF',
      opponent: '@MIA',
      week: 11,
      season: 2025,
      pred_mean: 24,
      p10: 14,
      p50: 23.5,
      p90: 35,
      source: 'model',
    });
    const means = data.map((row: { pred_mean: number }) => row.pred_mean);
    expect(means).toEqual([...means].sort((a, b) => b - a));
  });

  it('prefers our model, then NFL.com, then an admin import, one row per player', async () => {
    const { body } = await server.client().get('/api/projections/public/all?week=11&limit=10');
    const byName = new Map(body.data.map((row: { player_name: string }) => [row.player_name, row]));
    expect(byName.get('Zay Flowers')).toMatchObject({ source: 'model', pred_mean: 13.25 });
    expect(byName.get('Derrick Henry')).toMatchObject({ source: 'nflcom', pred_mean: 15.5 });
    expect(byName.get('Rashee Rice')).toMatchObject({ source: 'import', p10: null, p90: null });
    expect(
      body.data.filter((row: { player_name: string }) => row.player_name === 'Zay Flowers'),
    ).toHaveLength(1);
  });

  it('takes the position scope in any case and filters by team, ALL meaning every team', async () => {
    const client = server.client();
    const upper = await client.get('/api/projections/public/WR?limit=100');
    const lower = await client.get('/api/projections/public/wr?limit=100');
    expect(upper.status).toBe(200);
    expect(lower.body.data).toEqual(upper.body.data);
    expect(new Set(upper.body.data.map((row: { position: string }) => row.position))).toEqual(
      new Set(['WR']),
    );
    expect(upper.body.pagination.total).toBe(2 + RECEIVERS);

    const baltimore = await client.get('/api/projections/public/all?team=bal');
    expect(baltimore.body.data.map((row: { player_name: string }) => row.player_name)).toEqual([
      'Derrick Henry',
      'Zay Flowers',
    ]);
    const everyone = await client.get('/api/projections/public/all?team=ALL');
    expect(everyone.body.pagination.total).toBe(6 + RECEIVERS);
    const kickers = await client.get('/api/projections/public/k');
    expect(kickers.body.data.map((row: { player_name: string }) => row.player_name)).toEqual([
      'Spencer Shrader',
    ]);
  });

  it('pages through the list without repeating or losing a player', async () => {
    const client = server.client();
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const { body } = await client.get(`/api/projections/public/all?limit=25&page=${page}`);
      expect(body.pagination).toEqual({ page, limit: 25, total: 66, totalPages: 3 });
      seen.push(...body.data.map((row: { player_id: string }) => row.player_id));
    }
    expect(seen).toHaveLength(66);
    expect(new Set(seen).size).toBe(66);
    const beyond = await client.get('/api/projections/public/all?limit=25&page=4');
    expect(beyond.body.data).toEqual([]);
  });

  it('searches by name and sorts by the column asked for', async () => {
    const client = server.client();
    const search = await client.get('/api/projections/public/all?search=receiver%2005');
    expect(search.body.data.map((row: { player_name: string }) => row.player_name)).toEqual(['Receiver 05']);
    const byName = await client.get('/api/projections/public/all?sort=player_name&limit=3');
    expect(byName.body.data.map((row: { player_name: string }) => row.player_name)).toEqual([
      'Derrick Henry',
      'Josh Allen',
      'Rashee Rice',
    ]);
    const lowestFirst = await client.get('/api/projections/public/all?sort=pred_mean&order=asc&limit=1');
    expect(lowestFirst.body.data[0].player_name).toBe('Receiver 01');
  });

  it('gives boom and bust chances that follow the distribution', async () => {
    const { body } = await server.client().get('/api/projections/public/all?limit=100');
    for (const row of body.data) {
      expect(row.boom_chance).toBeGreaterThanOrEqual(0);
      expect(row.boom_chance).toBeLessThanOrEqual(1);
      expect(row.bust_chance).toBeGreaterThanOrEqual(0);
      expect(row.bust_chance).toBeLessThanOrEqual(1);
    }
    const allen = body.data.find((row: { player_name: string }) => row.player_name === 'Josh Allen');
    // The QB boom threshold (25.1) sits just above the median 23.5 and under p90 35: between 10 % and 50 %
    expect(allen.boom_chance).toBeGreaterThan(0.1);
    expect(allen.boom_chance).toBeLessThan(0.5);
    const receivers = body.data.filter((row: { team: string }) => row.team === 'NYJ');
    const worst = receivers[receivers.length - 1];
    expect(worst.bust_chance).toBeGreaterThan(receivers[0].bust_chance);
    expect(body.thresholds).toEqual({ boom: BOOM_THRESHOLD, bust: BUST_THRESHOLD });
  });

  it('answers another week or season when asked, and an empty page for a week without projections', async () => {
    const client = server.client();
    const week10 = await client.get('/api/projections/public/all?week=10&limit=1');
    expect(week10.body).toMatchObject({ week: 10, season: 2025 });
    const lastSeason = await client.get('/api/projections/public/QB?season=2024');
    expect(lastSeason.body).toMatchObject({ week: 17, season: 2024 });
    expect(lastSeason.body.data).toHaveLength(1);
    const none = await client.get('/api/projections/public/all?week=3');
    expect(none.body).toMatchObject({
      data: [],
      week: 3,
      season: 2025,
      pagination: { total: 0, totalPages: 0 },
    });
  });

  it('lists the seasons and weeks that have projections', async () => {
    const response = await server.client().get('/api/projections/available-weeks');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      seasons: [
        { season: 2025, weeks: [10, 11] },
        { season: 2024, weeks: [17] },
      ],
      latest: { season: 2025, week: 11 },
      current: null,
    });
  });

  it('refuses a bad scope, week, team or page size with VALIDATION_ERROR naming the field', async () => {
    const client = server.client();
    for (const [query, field] of [
      ['/api/projections/public/LB', 'scope'],
      ['/api/projections/public/all?week=0', 'week'],
      ['/api/projections/public/all?week=abc', 'week'],
      ['/api/projections/public/all?team=BALTIMORE', 'team'],
      ['/api/projections/public/all?limit=100000', 'limit'],
      ['/api/projections/public/all?sort=salary', 'sort'],
    ] as const) {
      const response = await client.get(query);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.message).toContain(field);
    }
  });

  it('serves the signed-in path only to a signed-in user, with the same answer', async () => {
    const visitor = await server.client().get('/api/projections/all?week=11');
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe('UNAUTHENTICATED');
    const member = await signedInClient(server, ADMIN.email, ADMIN.password);
    const signedIn = await member.get('/api/projections/rb?week=11');
    expect(signedIn.status).toBe(200);
    const open = await server.client().get('/api/projections/public/rb?week=11');
    expect(signedIn.body).toEqual(open.body);
  });

  it('answers the same over /trpc as on the REST path', async () => {
    const input = encodeURIComponent(JSON.stringify({ scope: 'wr', team: 'bal' }));
    const viaTrpc = await server.client().get(`/trpc/projections.publicList?input=${input}`);
    const viaRest = await server.client().get('/api/projections/public/wr?team=bal');
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.body.result.data).toEqual(viaRest.body);
  });

  it("shows an admin's CSV import at once, as the only source for a team defense", async () => {
    const before = await server.client().get('/api/projections/public/DEF?week=11&season=2025');
    expect(before.body.data).toEqual([]);
    const csv =
      'player_name,position,team,week,season,pred_mean,pred_std\nBuffalo Bills,DEF,BUF,11,2025,9.5,4\n';
    const result = await importProjectionCsv(server.deps, csv, { updateExisting: true, batchSize: 100 });
    expect(result).toMatchObject({ processed: 1, created: 1 });
    const { body } = await server.client().get('/api/projections/public/DEF?week=11&season=2025');
    expect(body.data).toEqual([
      expect.objectContaining({
        player_name: 'Buffalo Bills',
        position: 'DEF',
        source: 'import',
        pred_mean: 9.5,
      }),
    ]);
  });

  it('shows new projections as soon as an import records them', async () => {
    const [rookie] = await insertPlayers(server.deps.database, [
      { name: 'Rookie Runner', position: 'RB', team: 'DAL' },
    ]);
    await insertProjections(server.deps, [
      { playerId: rookie!, season: 2025, week: 11, source: 'model', team: 'DAL', predMean: 30 },
    ]);
    const { body } = await server.client().get('/api/projections/public/rb');
    expect(body.data[0]).toMatchObject({ player_name: 'Rookie Runner', pred_mean: 30 });
  });

  it('passes the opponent through from any source that knows it', async () => {
    await insertProjections(server.deps, [
      { playerId: ids.flowers!, season: 2024, week: 3, source: 'model', team: 'BAL', predMean: 12 },
      {
        playerId: ids.flowers!,
        season: 2024,
        week: 3,
        source: 'nflcom',
        team: 'BAL',
        opponent: '@PIT',
        predMean: 10,
      },
    ]);
    const { body } = await server.client().get('/api/projections/public/wr?season=2024&week=3');
    expect(body.data[0]).toMatchObject({ player_name: 'Zay Flowers', source: 'model', opponent: '@PIT' });
  });
});
