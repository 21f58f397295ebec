import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../test/harness.js';
import { insertPlayers, insertStatLines } from '../../test/nfl-rows.js';

describe.each(DATABASE_KINDS)('NFL stats API on %s', (kind) => {
  let server: TestServer;
  let flowers: number, bateman: number, henry: number, jackson: number, rice: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const database = server.deps.database;
    [flowers, bateman, henry, jackson, rice] = (await insertPlayers(database, [
      { name: 'Zay Flowers', position: 'WR', team: 'BAL' },
      { name: 'Rashod Bateman', position: 'WR', team: 'BAL' },
      { name: 'Derrick Henry', position: 'RB', team: 'BAL' },
      { name: 'Lamar Jackson', position: 'QB', team: 'BAL' },
      { name: 'Rashee Rice', position: 'WR', team: 'KC' },
    ])) as [number, number, number, number, number];
    const bal = { season: 2025, team: 'BAL' };
    await insertStatLines(server.deps, [
      // week 1: Baltimore throws 20 targets, Flowers gets 10 of them
      {
        ...bal,
        week: 1,
        playerId: flowers,
        opponent: 'BUF',
        isHome: false,
        targets: 10,
        rec: 7,
        recYd: 100,
        recTd: 1,
        touches: 7,
        rzTargets: 2,
      },
      {
        ...bal,
        week: 1,
        playerId: bateman,
        opponent: 'BUF',
        isHome: false,
        targets: 5,
        rec: 3,
        recYd: 40,
        touches: 3,
      },
      {
        ...bal,
        week: 1,
        playerId: henry,
        opponent: 'BUF',
        isHome: false,
        carries: 18,
        rushYd: 90,
        rushTd: 2,
        targets: 5,
        rec: 4,
        recYd: 30,
        touches: 22,
        rzTouches: 4,
        rzTargets: 2,
      },
      {
        ...bal,
        week: 1,
        playerId: jackson,
        opponent: 'BUF',
        isHome: false,
        passYd: 250,
        passTd: 2,
        passInt: 1,
        carries: 5,
        rushYd: 20,
        touches: 5,
        fumLost: 1,
      },
      // week 2: Bateman listed without a stat (did not play)
      {
        ...bal,
        week: 2,
        playerId: flowers,
        opponent: 'CLE',
        isHome: true,
        targets: 6,
        rec: 4,
        recYd: 50,
        touches: 4,
      },
      { ...bal, week: 2, playerId: bateman, opponent: 'CLE', isHome: true },
      {
        ...bal,
        week: 2,
        playerId: henry,
        opponent: 'CLE',
        isHome: true,
        carries: 20,
        rushYd: 120,
        targets: 2,
        rec: 2,
        recYd: 10,
        touches: 22,
      },
      // Rice comes with air yards and routes from an import
      {
        season: 2025,
        team: 'KC',
        week: 1,
        playerId: rice,
        opponent: 'LAC',
        targets: 8,
        rec: 6,
        recYd: 80,
        touches: 6,
        extra: { air_yards: 96, routes: 32 },
      },
      {
        season: 2024,
        team: 'BAL',
        week: 5,
        playerId: flowers,
        opponent: 'CIN',
        isHome: false,
        targets: 9,
        rec: 5,
        recYd: 70,
        touches: 5,
      },
    ]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists the seasons with stats, newest first, for weekly and seasonal views', async () => {
    const client = server.client();
    expect((await client.get('/api/nfl-stats/seasons')).body).toEqual({ data: [2025, 2024] });
    expect((await client.get('/api/nfl-stats/seasonal/seasons')).body).toEqual({ data: [2025, 2024] });
  });

  it('lists the players of a season with the weeks they played and their PPR points', async () => {
    const { body } = await server.client().get('/api/nfl-stats/players?season=2025');
    expect(body.season).toBe(2025);
    const byName = new Map(body.data.map((row: { player_name: string }) => [row.player_name, row]));
    // week 1: 7 rec + 10.0 yards + 6 TD = 23; week 2: 4 rec + 5.0 yards = 9
    expect(byName.get('Zay Flowers')).toMatchObject({
      games: 2,
      weeks: [1, 2],
      fantasy_points_ppr: 32,
      points_per_game: 16,
      team: 'BAL',
    });
    expect(byName.get('Rashod Bateman')).toMatchObject({ games: 1, weeks: [1] });
    // QB, Sleeper's standard PPR: 250 × 0.04 + 2 × 4 − 1 (INT) + 2.0 rush − 2 (fumble) = 17
    expect(byName.get('Lamar Jackson')).toMatchObject({ fantasy_points_ppr: 17 });
    const latest = await server.client().get('/api/nfl-stats/players?position=qb');
    expect(latest.body.season).toBe(2025);
    expect(latest.body.data.map((row: { player_name: string }) => row.player_name)).toEqual([
      'Lamar Jackson',
    ]);
  });

  it('compares players week by week, with opponents marked away or home', async () => {
    const { status, body } = await server
      .client()
      .get(`/api/nfl-stats/compare?playerIds=${flowers},${rice}&season=2025`);
    expect(status).toBe(200);
    expect(body.data.map((entry: { player: { player_name: string } }) => entry.player.player_name)).toEqual([
      'Zay Flowers',
      'Rashee Rice',
    ]);
    const [flowersWeeks, riceWeeks] = body.data.map((entry: { weeks: unknown[] }) => entry.weeks);
    expect(flowersWeeks).toHaveLength(2);
    expect(flowersWeeks[0]).toMatchObject({
      week: 1,
      opponent: '@BUF',
      is_home: false,
      targets: 10,
      rec: 7,
      rec_yd: 100,
      fantasy_points_ppr: 23,
      fantasy_points_half_ppr: 19.5,
      fantasy_points_standard: 16,
    });
    expect(flowersWeeks[1]).toMatchObject({ week: 2, opponent: 'CLE', is_home: true });
    expect(riceWeeks[0].extra).toEqual({ air_yards: 96, routes: 32 });
  });

  it('totals a season per player', async () => {
    const { body } = await server
      .client()
      .get(`/api/nfl-stats/seasonal/compare?playerIds=${henry},${bateman}`);
    expect(body.season).toBe(2025);
    expect(body.data[0]).toMatchObject({
      player_name: 'Derrick Henry',
      games: 2,
      carries: 38,
      rush_yd: 210,
      rush_td: 2,
      rec: 6,
      fantasy_points_ppr: 43,
    });
    expect(body.data[1]).toMatchObject({ player_name: 'Rashod Bateman', games: 1, targets: 5 });
    const all = await server.client().get('/api/nfl-stats/seasonal/players?season=2025&position=WR');
    expect(all.body.data.map((row: { player_name: string }) => row.player_name)).toEqual([
      'Zay Flowers',
      'Rashee Rice',
      'Rashod Bateman',
    ]);
  });

  it('computes usage shares against the team, and air-yard figures only when an import supplied them', async () => {
    const { body } = await server.client().get('/api/nfl-stats/advanced-analytics/seasonal?season=2025');
    const byName = new Map(
      body.data.map((row: { player_name: string; metrics: unknown }) => [row.player_name, row.metrics]),
    );
    const zay = byName.get('Zay Flowers') as Record<string, number>;
    // Baltimore targets in Flowers' games: 20 (week 1) + 8 (week 2); his: 16
    expect(zay.target_share).toBeCloseTo(16 / 28, 4);
    expect(zay.catch_rate).toBeCloseTo(11 / 16, 4);
    expect(zay.yards_per_target).toBeCloseTo(150 / 16, 1);
    expect(zay.red_zone_target_share).toBeCloseTo(0.5, 4);
    expect(zay).not.toHaveProperty('air_yards_share');
    expect(zay).not.toHaveProperty('wopr');
    expect(zay).not.toHaveProperty('yards_per_route_run');
    const derrick = byName.get('Derrick Henry') as Record<string, number>;
    expect(derrick.rush_share).toBeCloseTo(38 / 43, 4);
    expect(derrick.yards_per_carry).toBeCloseTo(210 / 38, 2);
    const rashee = byName.get('Rashee Rice') as Record<string, number>;
    expect(rashee.target_share).toBe(1);
    expect(rashee.air_yards_share).toBe(1);
    expect(rashee.average_depth_of_target).toBe(12);
    expect(rashee.wopr).toBeCloseTo(2.2, 4);
    expect(rashee.yards_per_route_run).toBe(2.5);
    expect(byName.has('Rashod Bateman')).toBe(true);
  });

  it("gives one player's figures week by week", async () => {
    const { body } = await server
      .client()
      .get(`/api/nfl-stats/advanced-analytics/weekly?season=2025&playerId=${flowers}`);
    expect(body.player).toMatchObject({ player_name: 'Zay Flowers', position: 'WR' });
    expect(body.data.map((w: { week: number }) => w.week)).toEqual([1, 2]);
    expect(body.data[0].metrics.target_share).toBe(0.5);
    expect(body.data[1].metrics.target_share).toBe(0.75);
    expect(body.data[0].opponent).toBe('@BUF');
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
