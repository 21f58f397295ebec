import { playerWeekStats } from '@fm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_SEASON_LEAGUE_ID } from '../../test/fakes/sleeper-server.js';
import { DATABASE_KINDS } from '../../test/harness.js';
import { type LeagueTestEnv, seedPlayer, startLeagueTestEnv } from '../../test/leagues.js';

/** Derrick Henry starts for roster 1 of the in-season league; Sleeper reports 29.2 points for his week 1. */
const HENRY = '3198';

describe.each(DATABASE_KINDS)('banked points from the synced weekly stats, on %s', (kind) => {
  let env: LeagueTestEnv;
  beforeAll(async () => {
    env = await startLeagueTestEnv(kind);
  });
  afterAll(() => env?.stop());

  it('scores a finished week’s stats with the league’s rules, for the league page and its simulations', async () => {
    const id = await seedPlayer(env.server, {
      fullName: 'Derrick Henry',
      position: 'RB',
      team: 'BAL',
      sleeperId: HENRY,
    });
    await env.server.deps.database.db.insert(playerWeekStats).values({
      playerId: id,
      season: 2025,
      week: 1,
      team: 'BAL',
      opponent: 'BUF',
      isHome: false,
      rushYd: 132,
      rushTd: 2,
      rec: 2,
      recYd: 11,
      carries: 18,
    });
    const client = await env.newUser();
    await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    const details = (await client.get(`/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details`)).body;
    // 13.2 rushing yards + 12 for two TDs + 2 receptions + 1.1 receiving yards (full PPR; carries score nothing here).
    expect(details.stats_points[HENRY]).toBe(28.3);
    expect(details.app_player_ids[HENRY]).toBe(id);
    // Players without stats that week have none (the platform's own points are used for them).
    expect(Object.keys(details.stats_points)).toEqual([HENRY]);
  });
});
