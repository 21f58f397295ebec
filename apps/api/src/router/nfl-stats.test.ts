import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_DATABASE, startTestServer, type TestServer } from '../../test/harness.js';
import { insertStatsSeason, type StatsSeasonPlayers } from '../../test/nfl-stats-season.js';

/**
 * Each NFL stats path on the wire: its parameters as a browser sends them and its answer's shape. The figures
 * themselves are the services' (services/nfl-stats/stats-queries.test.ts).
 */
describe.each(EMBEDDED_DATABASE)('NFL stats API on %s', (kind) => {
  let server: TestServer;
  let ids: StatsSeasonPlayers;

  beforeAll(async () => {
    server = await startTestServer(kind);
    ids = await insertStatsSeason(server.deps);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists the seasons with stats, newest first, for weekly and seasonal views', async () => {
    const client = server.client();
    expect((await client.get('/api/nfl-stats/seasons')).body).toEqual({ data: [2025, 2024] });
    expect((await client.get('/api/nfl-stats/seasonal/seasons')).body).toEqual({ data: [2025, 2024] });
  });

  it('lists the players of a season, the position taken in any case', async () => {
    const { body } = await server.client().get('/api/nfl-stats/players?season=2025');
    expect(body.season).toBe(2025);
    expect(body.data.find((row: { player_name: string }) => row.player_name === 'Zay Flowers')).toMatchObject(
      {
        weeks: [1, 2],
        fantasy_points_ppr: 32,
      },
    );
    const latest = await server.client().get('/api/nfl-stats/players?position=qb');
    expect(latest.body.data.map((row: { player_name: string }) => row.player_name)).toEqual([
      'Lamar Jackson',
    ]);
  });

  it('compares players week by week, the ids as a comma-separated list', async () => {
    const { status, body } = await server
      .client()
      .get(`/api/nfl-stats/compare?playerIds=${ids.flowers},${ids.rice}&season=2025`);
    expect(status).toBe(200);
    expect(body.data.map((entry: { player: { player_name: string } }) => entry.player.player_name)).toEqual([
      'Zay Flowers',
      'Rashee Rice',
    ]);
    expect(body.data[0].weeks[0]).toMatchObject({ week: 1, opponent: '@BUF', fantasy_points_ppr: 23 });
    expect(body.data[1].weeks[0].extra).toEqual({ air_yards: 96, routes: 32 });
  });

  it('totals a season per player, compared or listed by position', async () => {
    const { body } = await server
      .client()
      .get(`/api/nfl-stats/seasonal/compare?playerIds=${ids.henry},${ids.bateman}`);
    expect(body.season).toBe(2025);
    expect(body.data.map((row: { player_name: string }) => row.player_name)).toEqual([
      'Derrick Henry',
      'Rashod Bateman',
    ]);
    expect(body.data[0]).toMatchObject({ carries: 38, fantasy_points_ppr: 43 });
    const all = await server.client().get('/api/nfl-stats/seasonal/players?season=2025&position=WR');
    expect(all.body.data.map((row: { player_name: string }) => row.player_name)).toEqual([
      'Zay Flowers',
      'Rashee Rice',
      'Rashod Bateman',
    ]);
  });

  it('answers usage figures for a season and for one player week by week', async () => {
    const seasonal = await server.client().get('/api/nfl-stats/advanced-analytics/seasonal?season=2025');
    const rice = seasonal.body.data.find((row: { player_name: string }) => row.player_name === 'Rashee Rice');
    expect(rice.metrics).toMatchObject({ target_share: 1, yards_per_route_run: 2.5 });
    const { body } = await server
      .client()
      .get(`/api/nfl-stats/advanced-analytics/weekly?season=2025&playerId=${ids.flowers}`);
    expect(body.player).toMatchObject({ player_name: 'Zay Flowers', position: 'WR' });
    expect(
      body.data.map((w: { week: number; metrics: { target_share: number } }) => w.metrics.target_share),
    ).toEqual([0.5, 0.75]);
  });

  it('refuses bad ids and seasons with VALIDATION_ERROR naming the field, and unknown players with 404', async () => {
    const client = server.client();
    for (const [query, field] of [
      ['/api/nfl-stats/compare?playerIds=abc', 'playerIds'],
      ['/api/nfl-stats/compare?playerIds=1,2,3,4,5', 'playerIds'],
      ['/api/nfl-stats/seasonal/players?season=1800', 'season'],
      ['/api/nfl-stats/advanced-analytics/weekly?season=2025', 'playerId'],
      ['/api/nfl-stats/players?position=LB', 'position'],
    ] as const) {
      const response = await client.get(query);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.message).toContain(field);
    }
    const unknown = await client.get('/api/nfl-stats/compare?playerIds=999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
  });
});
