import { nflGames, players, projections } from '@fm/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, STRONG_PASSWORD } from '../../test/accounts.js';
import { EMBEDDED_DATABASE, startTestServer, type TestServer } from '../../test/harness.js';
import { insertPlayers, insertProjections } from '../../test/nfl-rows.js';

interface Row {
  player_name: string;
  pred_mean: number;
  pred_std: number;
  p10: number | null;
  p50: number | null;
  p90: number | null;
  boom_chance: number;
  bust_chance: number;
  status: string | null;
  status_reason: string | null;
  is_out: boolean;
  scoring: string;
}

const USER_EMAIL = 'scoring-user@example.com';

/** A receiver's projected line: 6 catches, 80 yards, half a touchdown = 17 PPR, 14 half-PPR, 11 standard. */
const RECEIVER_LINE = { rec: 6, rec_yd: 80, rec_td: 0.5 };

describe.each(EMBEDDED_DATABASE)('projections: availability and scoring on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { ADMIN_EMAIL: USER_EMAIL, ADMIN_PASSWORD: STRONG_PASSWORD });
    const database = server.deps.database;
    const [receiver, questionable, doubtful, ruledOut, reserve, byeWeek, noLine] = await insertPlayers(
      database,
      [
        { name: 'Avery Catcher', position: 'WR', team: 'KC' },
        { name: 'Quinn Maybe', position: 'WR', team: 'KC' },
        { name: 'Dale Doubt', position: 'RB', team: 'BUF' },
        { name: 'Oscar Sidelined', position: 'WR', team: 'MIA' },
        { name: 'Ira Reserve', position: 'RB', team: 'DEN' },
        { name: 'Bo Restweek', position: 'WR', team: 'BAL' },
        { name: 'Nolan Imported', position: 'TE', team: 'DEN' },
      ],
    );
    const statuses: [number, string][] = [
      [questionable!, 'Questionable'],
      [doubtful!, 'Doubtful'],
      [ruledOut!, 'Out'],
      [reserve!, 'IR'],
    ];
    for (const [id, status] of statuses)
      await database.db.update(players).set({ injuryStatus: status }).where(eq(players.id, id));
    const projected = [
      [receiver!, 'KC', '@DEN', 17],
      [questionable!, 'KC', '@DEN', 12],
      [doubtful!, 'BUF', 'MIA', 10],
      [ruledOut!, 'MIA', '@BUF', 15],
      [reserve!, 'DEN', 'KC', 9],
      [byeWeek!, 'BAL', null, 13],
      [noLine!, 'DEN', 'KC', 8],
    ] as const;
    for (const week of [10, 11])
      await insertProjections(
        server.deps,
        projected.map(([playerId, team, opponent, predMean]) => ({
          playerId,
          season: 2025,
          week,
          source: 'model' as const,
          team,
          ...(opponent ? { opponent } : {}),
          predMean,
        })),
      );
    for (const id of [receiver!, questionable!, ruledOut!, byeWeek!])
      await database.db.update(projections).set({ stats: RECEIVER_LINE }).where(eq(projections.playerId, id));
    await database.db
      .update(projections)
      .set({ stats: { rush_yd: 60, rush_td: 0.5, rec: 2, rec_yd: 10 } })
      .where(and(eq(projections.playerId, doubtful!)));
    // Week 11's schedule: Baltimore has no game.
    await database.db.insert(nflGames).values([
      { season: 2025, week: 11, homeTeam: 'DEN', awayTeam: 'KC' },
      { season: 2025, week: 11, homeTeam: 'BUF', awayTeam: 'MIA' },
    ]);
    await server.deps.dataVersion.bump();
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function list(
    query: string,
  ): Promise<{ status: number; rows: Map<string, Row>; body: Record<string, unknown> }> {
    const response = await server.client().get(`/api/projections/public/all?${query}`);
    const rows = new Map<string, Row>(
      ((response.body.data ?? []) as Row[]).map((row) => [row.player_name, row]),
    );
    return { status: response.status, rows, body: response.body };
  }

  it('tags Q, D, O, IR and bye players in the week in play; out and bye players project 0 with the reason', async () => {
    const { rows } = await list('season=2025&week=11');
    expect(rows.get('Quinn Maybe')).toMatchObject({
      status: 'Q',
      status_reason: 'Questionable',
      is_out: false,
      pred_mean: 12,
    });
    expect(rows.get('Dale Doubt')).toMatchObject({ status: 'D', is_out: false, pred_mean: 10 });
    expect(rows.get('Oscar Sidelined')).toMatchObject({
      status: 'O',
      status_reason: 'Ruled out',
      is_out: true,
      pred_mean: 0,
      p10: 0,
      p50: 0,
      p90: 0,
      boom_chance: 0,
    });
    expect(rows.get('Ira Reserve')).toMatchObject({
      status: 'IR',
      status_reason: 'On injured reserve',
      pred_mean: 0,
    });
    expect(rows.get('Bo Restweek')).toMatchObject({
      status: 'BYE',
      status_reason: 'Bye week',
      is_out: true,
      pred_mean: 0,
    });
    expect(rows.get('Avery Catcher')).toMatchObject({
      status: null,
      status_reason: null,
      is_out: false,
      pred_mean: 17,
    });
  });

  it('keeps a past week as it was projected: today\u2019s injuries do not rewrite it', async () => {
    const { rows } = await list('season=2025&week=10');
    expect(rows.get('Oscar Sidelined')).toMatchObject({ status: null, is_out: false, pred_mean: 15 });
    expect(rows.get('Ira Reserve')).toMatchObject({ status: null, pred_mean: 9 });
  });

  it('ranks players who will not play last, whatever the sort (bust chance included)', async () => {
    for (const sort of ['pred_mean', 'bust_chance', 'p10']) {
      const { body } = await list(`season=2025&week=11&sort=${sort}`);
      const outs = (body.data as Row[]).map((row) => row.is_out);
      expect(outs, sort).toEqual([false, false, false, false, true, true, true]);
    }
  });

  it('filters by status: healthy, questionable (Q and D), out (incl. bye)', async () => {
    const names = async (status: string) =>
      [...(await list(`season=2025&week=11&status=${status}`)).rows.keys()].sort();
    expect(await names('questionable')).toEqual(['Dale Doubt', 'Quinn Maybe']);
    expect(await names('out')).toEqual(['Bo Restweek', 'Ira Reserve', 'Oscar Sidelined']);
    expect(await names('healthy')).toEqual(['Avery Catcher', 'Nolan Imported']);
    const { body } = await list('season=2025&week=11&status=all');
    expect((body.pagination as { total: number }).total).toBe(7);
  });

  it('answers half-PPR and standard from the projected stat line, percentiles and boom/bust included', async () => {
    const ppr = (await list('season=2025&week=11&scoring=ppr')).rows.get('Avery Catcher')!;
    const half = (await list('season=2025&week=11&scoring=half')).rows.get('Avery Catcher')!;
    const std = await list('season=2025&week=11&scoring=std');
    const standard = std.rows.get('Avery Catcher')!;
    expect(std.body.scoring).toBe('std');
    expect([ppr.pred_mean, half.pred_mean, standard.pred_mean]).toEqual([17, 14, 11]);
    expect([ppr.scoring, half.scoring, standard.scoring]).toEqual(['ppr', 'half', 'std']);
    // every percentile moves down with fewer points a catch, and the chance to boom falls
    expect(half.p50!).toBeLessThan(ppr.p50!);
    expect(standard.p90!).toBeLessThan(half.p90!);
    expect(standard.p10!).toBeLessThan(ppr.p10!);
    expect(standard.boom_chance).toBeLessThan(ppr.boom_chance);
    expect(standard.bust_chance).toBeGreaterThan(ppr.bust_chance);
    // a runner with two catches loses 2 points in standard
    expect(std.rows.get('Dale Doubt')!.pred_mean).toBe(8);
    // without a projected stat line the figures stay PPR, and the row says so
    expect(std.rows.get('Nolan Imported')).toMatchObject({ pred_mean: 8, scoring: 'ppr' });
    // out is out in every scoring
    expect(std.rows.get('Oscar Sidelined')).toMatchObject({ pred_mean: 0, scoring: 'std' });
  });

  it('takes the same parameters signed in, and rejects an unknown scoring or status by name', async () => {
    const client = await signedInClient(server, USER_EMAIL);
    const response = await client.get('/api/projections/WR?season=2025&week=11&scoring=half&status=healthy');
    expect(response.status).toBe(200);
    expect(response.body.data.map((row: Row) => [row.player_name, row.pred_mean])).toEqual([
      ['Avery Catcher', 14],
    ]);
    for (const query of ['scoring=full', 'status=injured']) {
      const bad = await server.client().get(`/api/projections/public/all?${query}`);
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('VALIDATION_ERROR');
      expect(bad.body.message).toContain(query.split('=')[0]);
    }
  });

  it('answers only the players asked for (a comparison), in the scoring asked for', async () => {
    const all = await list('season=2025&week=11');
    const ids = ['Avery Catcher', 'Oscar Sidelined'].map(
      (name) =>
        (all.body.data as (Row & { player_id: string })[]).find((row) => row.player_name === name)!.player_id,
    );
    const { rows, status } = await list(`season=2025&week=11&scoring=std&players=${ids.join(',')}`);
    expect(status).toBe(200);
    expect([...rows.values()].map((row) => [row.player_name, row.pred_mean, row.status])).toEqual([
      ['Avery Catcher', 11, null],
      ['Oscar Sidelined', 0, 'O'],
    ]);
    const bad = await server.client().get('/api/projections/public/all?players=1,x');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('players');
  });

  it('answers a tRPC batch of many calls, as a page that also loads this week\u2019s projections sends', async () => {
    const calls = [
      'projections.availableWeeks',
      'projections.publicList',
      'projections.publicList',
      'projections.publicList',
      'projections.publicList',
      'projections.publicList',
      'projections.availableWeeks',
    ];
    const inputs = Object.fromEntries(
      calls.map((call, i) => [
        i,
        call === 'projections.publicList' ? { scope: 'all', scoring: 'half' } : undefined,
      ]),
    );
    const response = await server
      .client()
      .get(`/trpc/${calls.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`);
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(calls.length);
    expect(response.body[1].result.data.scoring).toBe('half');
  });
});
