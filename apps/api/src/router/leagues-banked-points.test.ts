import { playerWeekStats } from '@fm/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_SEASON_LEAGUE_ID } from '../../test/fakes/sleeper-server.js';
import { EMBEDDED_DATABASE } from '../../test/harness.js';
import { type LeagueTestEnv, seedPlayer, startLeagueTestEnv } from '../../test/leagues.js';

/** Derrick Henry starts for roster 1 of the in-season league; Sleeper reports 29.2 points for his week 1. */
const HENRY = '3198';

describe.each(EMBEDDED_DATABASE)('banked points from the synced weekly stats, on %s', (kind) => {
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
    // as the sync that writes a week's stats does: every process's pages and caches follow the new version
    await env.server.deps.dataVersion.bump();
    const client = await env.newUser();
    await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    const details = (await client.get(`/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details`)).body;
    // 13.2 rushing yards + 12 for two TDs + 2 receptions + 1.1 receiving yards (full PPR; carries score nothing here).
    expect(details.stats_points[HENRY]).toBe(28.3);
    expect(details.app_player_ids[HENRY]).toBe(id);
    // Players without stats that week have none (the platform's own points are used for them).
    expect(Object.keys(details.stats_points)).toEqual([HENRY]);
  });

  it('shows a past week with the team each player played for that week, not his current one', async () => {
    const { db } = env.server.deps.database;
    const [row] = await db.select().from(playerWeekStats).where(eq(playerWeekStats.week, 1));
    // As if he had been traded since: his week-1 stats say Tennessee.
    await db
      .update(playerWeekStats)
      .set({ team: 'TEN', opponent: 'BUF' })
      .where(and(eq(playerWeekStats.playerId, row!.playerId), eq(playerWeekStats.week, 1)));
    await env.server.deps.dataVersion.bump();
    const client = await env.newUser();
    await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    const details = (await client.get(`/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details`)).body;
    const players = details.rosters.flatMap(
      (roster: { players: { starters: { player_id: string }[]; bench: { player_id: string }[] } }) => [
        ...roster.players.starters,
        ...roster.players.bench,
      ],
    );
    const henry = players.find((player: { player_id: string }) => player.player_id === HENRY);
    expect(henry).toMatchObject({ team: 'TEN', bye_week: null });
    expect(details.stats_points[HENRY]).toBe(28.3);
  });
});
