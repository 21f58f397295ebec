import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_DATABASE, startTestServer, type TestServer } from '../../test/harness.js';
import { insertPlayers, insertProjections } from '../../test/nfl-rows.js';

describe.each(EMBEDDED_DATABASE)('player directory API on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
    const [joshAllen] = await insertPlayers(server.deps.database, [
      { name: 'Josh Allen', position: 'QB', team: 'BUF' },
      { name: 'Keenan Allen', position: 'WR', team: 'LAC' },
      { name: 'Tom Brady', position: 'QB', team: 'FA', isActive: false },
      { name: 'Justin Tucker', position: 'K', team: 'BAL' },
    ]);
    await insertProjections(server.deps, [
      { playerId: joshAllen!, season: 2024, week: 1, source: 'model', team: 'BUF', predMean: 10 },
      { playerId: joshAllen!, season: 2025, week: 1, source: 'model', team: 'BUF', predMean: 22 },
      { playerId: joshAllen!, season: 2025, week: 2, source: 'model', team: 'BUF', predMean: 25 },
    ]);
    await server.deps.dataVersion.bump();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers { players } keyed as the spec directory entry, active only when asked', async () => {
    const { status, body } = await server.client().get('/api/players?active=true&all=true');
    expect(status).toBe(200);
    expect(body.players.map((p: { full_name: string }) => p.full_name)).toEqual([
      'Josh Allen',
      'Justin Tucker',
      'Keenan Allen',
    ]);
    expect(body.players[0]).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      full_name: 'Josh Allen',
      first_name: 'Josh',
      last_name: 'Allen',
      position: 'QB',
      team: 'BUF',
      active: true,
      projected_points: 23.5,
    });
    expect(body.players[1]).toMatchObject({ full_name: 'Justin Tucker', projected_points: null });
    const everyone = await server.client().get('/api/players?all=true');
    expect(everyone.body.players).toHaveLength(4);
  });

  it('searches by name and filters by position', async () => {
    const client = server.client();
    const allens = await client.get('/api/players?search=allen');
    expect(allens.body.players.map((p: { full_name: string }) => p.full_name)).toEqual([
      'Josh Allen',
      'Keenan Allen',
    ]);
    const receivers = await client.get('/api/players?search=allen&position=wr');
    expect(receivers.body.players.map((p: { full_name: string }) => p.full_name)).toEqual(['Keenan Allen']);
    const limited = await client.get('/api/players?limit=1');
    expect(limited.body.players).toHaveLength(1);
  });

  it('refuses a bad flag or position with VALIDATION_ERROR naming the field', async () => {
    const badFlag = await server.client().get('/api/players?active=maybe');
    expect(badFlag.status).toBe(400);
    expect(badFlag.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('active'),
    });
    const badPosition = await server.client().get('/api/players?position=LB');
    expect(badPosition.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('position'),
    });
  });
});
