import { playerWeekStats, players } from '@fm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_SEASON_LEAGUE_ID } from '../../test/fakes/sleeper-server.js';
import { EMBEDDED_DATABASE } from '../../test/harness.js';
import { type LeagueTestEnv, startLeagueTestEnv } from '../../test/leagues.js';

const DETAILS = `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details`;
/** Longer than the league page waits (3 s) and than the client's own per-try timeout allows retries for. */
const SLOW_ANSWER_MS = 9_000;

interface Details {
  is_stale: boolean;
  data_as_of: string;
  rosters: {
    roster_id: number;
    players: { starters: { player_id: string; team: string; bye_week?: number | null }[] };
  }[];
}

describe.each(EMBEDDED_DATABASE)('a league page while Sleeper is down, on %s', (kind) => {
  let env: LeagueTestEnv;
  beforeAll(async () => {
    env = await startLeagueTestEnv(kind);
  });
  afterAll(() => env?.stop());

  it('answers the rosters held from the last load, marked stale with their time, within a few seconds', async () => {
    const client = await env.newUser();
    await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    const fresh = await client.get(DETAILS);
    expect(fresh.status).toBe(200);
    const live = fresh.body as Details;
    expect(live.is_stale).toBe(false);
    expect(Date.parse(live.data_as_of)).toBeGreaterThan(Date.now() - 60_000);

    // Sleeper stops answering in time, and the cached answers have run out.
    env.server.deps.leagues.sleeperCache.clear();
    env.sleeper.failNext({ kind: 'delay', ms: SLOW_ANSWER_MS }, 50);
    const startedAt = Date.now();
    const held = await client.get(DETAILS);
    const waitedMs = Date.now() - startedAt;
    env.sleeper.reset();
    expect(held.status).toBe(200);
    expect(waitedMs).toBeLessThan(SLOW_ANSWER_MS - 3_000);
    const stale = held.body as Details;
    expect(stale.is_stale).toBe(true);
    expect(stale.data_as_of).toBe(live.data_as_of);
    expect(stale.rosters.map((roster) => roster.players.starters.map((p) => p.player_id))).toEqual(
      live.rosters.map((roster) => roster.players.starters.map((p) => p.player_id)),
    );
  });

  it('with nothing held, says it is an outage at Sleeper (503), not a problem with the account', async () => {
    const client = await env.newUser();
    await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    env.server.deps.leagues.sleeperCache.clear();
    env.sleeper.failNext(503, 50);
    const response = await client.get(`${DETAILS}?week=3`);
    env.sleeper.reset();
    expect(response.status).toBe(503);
    expect(response.body.code).toBe('SLEEPER_UNAVAILABLE');
    expect(response.body.message).toMatch(/^Sleeper is not answering right now/);
    expect(response.body.message).toContain('not a problem with your account');
  });

  it('words a failed link during an outage as an outage, not as a wrong username', async () => {
    const client = await env.newUser();
    env.sleeper.failNext({ kind: 'disconnect' }, 10, '/v1/user/');
    const response = await client.post('/api/leagues/sleeper/connect', { username: 'someone_new' });
    env.sleeper.reset();
    expect(response.status).toBeGreaterThanOrEqual(502);
    expect(response.body.message).toContain('outage at Sleeper, not a wrong username');
    expect(response.body.message).not.toContain('not found');
  });

  it('gives each player his team’s bye week from the weeks his team played', async () => {
    const { db } = env.server.deps.database;
    const client = await env.newUser();
    await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    const details = (await client.get(DETAILS)).body as Details;
    const starter = details.rosters[0]!.players.starters.find((p) => p.team !== 'FA')!;
    // The starter's team played weeks 1–4 and 6; another team played weeks 1–6.
    const [row] = await db
      .insert(players)
      .values({ fullName: 'Bye Tester', searchName: 'bye tester', position: 'WR', team: starter.team })
      .returning({ id: players.id });
    const [other] = await db
      .insert(players)
      .values({ fullName: 'Other Tester', searchName: 'other tester', position: 'WR', team: 'ZZZ' })
      .returning({ id: players.id });
    const week = (playerId: number, team: string, w: number) => ({
      playerId,
      season: 2025,
      week: w,
      team,
      opponent: 'OPP',
      isHome: true,
    });
    await db
      .insert(playerWeekStats)
      .values([
        ...[1, 2, 3, 4, 6].map((w) => week(row!.id, starter.team, w)),
        ...[1, 2, 3, 4, 5, 6].map((w) => week(other!.id, 'ZZZ', w)),
      ]);
    // as the sync that writes stats does: pages read what they cache by data version again
    await env.server.deps.dataVersion.bump();
    const after = (await client.get(`${DETAILS}?week=2`)).body as Details;
    const same = after.rosters[0]!.players.starters.find((p) => p.player_id === starter.player_id)!;
    expect(same.bye_week).toBe(5);
  });
});
