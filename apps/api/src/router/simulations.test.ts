import { leagueConnections, simulations } from '@fm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, STRONG_PASSWORD } from '../../test/accounts.js';
import { EMBEDDED_DATABASE, startTestServer, type TestServer } from '../../test/harness.js';

const EMAIL = 'recent-sims@example.com';

describe.each(EMBEDDED_DATABASE)('recent simulations on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: STRONG_PASSWORD });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists only the signed-in user’s league simulations, newest first, each with the league page to reopen', async () => {
    const client = await signedInClient(server, EMAIL);
    const me = (await client.get('/api/auth/me')).body.data as { id: string };
    const db = server.deps.database.db;
    await db.insert(leagueConnections).values({
      userId: me.id,
      platform: 'sleeper',
      externalUserId: '42',
      username: 'gridiron_guru',
    });
    const run = (minutesAgo: number, extra: Partial<typeof simulations.$inferInsert>) => ({
      iterations: 10_000,
      durationMs: 40,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
      ...extra,
    });
    await db.insert(simulations).values([
      run(30, {
        userId: me.id,
        platform: 'sleeper',
        leagueId: 'L1',
        winProbability: 0.41,
        summary: { season: 2025, week: 7, user: { name: 'Mine' }, opponent: { name: 'Theirs' } },
      }),
      run(5, {
        userId: me.id,
        platform: 'yahoo',
        leagueId: '461.l.9',
        winProbability: 0.62,
        summary: { season: 2025, week: 8, user: { name: 'Mine Y' }, opponent: { name: 'Rival' } },
      }),
      // a stranger's run and an ad-hoc (league-less) run of mine are not listed
      run(1, { userId: null, platform: 'sleeper', leagueId: 'L2', summary: { season: 2025 } }),
      run(2, { userId: me.id, platform: null, leagueId: null, summary: {} }),
    ]);

    const response = await client.get('/api/simulations/recent');
    expect(response.status).toBe(200);
    expect(
      response.body.data.map((r: Record<string, unknown>) => [
        r.user_name,
        r.opponent_name,
        r.win_probability,
        r.week,
        r.path,
      ]),
    ).toEqual([
      ['Mine Y', 'Rival', 0.62, 8, '/simulate/yahoo/2025/461.l.9'],
      ['Mine', 'Theirs', 0.41, 7, '/simulate/gridiron_guru/2025/L1'],
    ]);
  });

  it('answers 401 to a visitor', async () => {
    const response = await server.client().get('/api/simulations/recent');
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHENTICATED');
  });
});
