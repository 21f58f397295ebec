import { playerWeekStats, projections } from '@fm/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_SEASON_LEAGUE_ID } from '../../test/fakes/sleeper-server.js';
import { EMBEDDED_DATABASE, type TestClient } from '../../test/harness.js';
import { type LeagueTestEnv, seedPlayer, startLeagueTestEnv } from '../../test/leagues.js';

/** Derrick Henry starts for roster 1 of the in-season league (week 1 of 2025). */
const HENRY = '3198';
const DETAILS = `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details`;

describe.each(EMBEDDED_DATABASE)('one league page, many viewers, on %s', (kind) => {
  let env: LeagueTestEnv;
  let viewers: TestClient[];
  let henryId: number;
  beforeAll(async () => {
    env = await startLeagueTestEnv(kind);
    henryId = await seedPlayer(env.server, {
      fullName: 'Derrick Henry',
      position: 'RB',
      team: 'BAL',
      sleeperId: HENRY,
      projection: { season: 2025, week: 1, predMean: 15, predStd: 5 },
    });
    await env.server.deps.database.db.insert(playerWeekStats).values({
      playerId: henryId,
      season: 2025,
      week: 1,
      team: 'BAL',
      opponent: 'BUF',
      isHome: false,
      rushYd: 132,
      rushTd: 2,
      rec: 2,
      recYd: 11,
    });
    await env.server.deps.dataVersion.bump();
    viewers = [await env.newUser(), await env.newUser()];
    for (const viewer of viewers) {
      await viewer.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    }
  });
  afterAll(() => env?.stop());

  const read = async (viewer: TestClient) => {
    const response = await viewer.get(DETAILS);
    expect(response.status).toBe(200);
    const { data_as_of: _fetchedAt, ...details } = response.body;
    return details;
  };

  it('answers every viewer of the league the same details', async () => {
    const [first, second] = [await read(viewers[0]!), await read(viewers[1]!)];
    expect(second).toEqual(first);
    expect(first.stats_points[HENRY]).toBe(28.3);
    expect(first.projections[HENRY]).toMatchObject({ mean: 15, team: 'BAL' });
    expect(first.app_player_ids[HENRY]).toBe(henryId);
  });

  it('shows a data change on the next read, whichever viewer read the league before it', async () => {
    await read(viewers[0]!);
    const { db } = env.server.deps.database;
    // a third touchdown lands (as the live sync writes it, bumping the data version)
    await db.update(playerWeekStats).set({ rushTd: 3 }).where(eq(playerWeekStats.playerId, henryId));
    await env.server.deps.dataVersion.bump();
    expect((await read(viewers[1]!)).stats_points[HENRY]).toBe(34.3);
    expect((await read(viewers[0]!)).stats_points[HENRY]).toBe(34.3);

    await db.update(projections).set({ predMean: 19 }).where(eq(projections.playerId, henryId));
    await env.server.deps.dataVersion.bump();
    expect((await read(viewers[0]!)).projections[HENRY]).toMatchObject({ mean: 19 });
  });

  it('still checks each viewer on every read: one who unlinked Sleeper is refused at once', async () => {
    await read(viewers[0]!);
    await read(viewers[1]!);
    expect((await viewers[1]!.delete('/api/leagues/sleeper/disconnect')).status).toBe(200);
    expect((await viewers[1]!.get(DETAILS)).status).toBe(403);
    expect((await viewers[0]!.get(DETAILS)).status).toBe(200);
  });
});
