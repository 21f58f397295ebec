import { leagueConnections, players } from '@fm/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_SLEEPER_USER,
  IN_SEASON_LEAGUE_ID,
  IN_SEASON_SEASON,
  OFFSEASON_LEAGUE_ID,
} from '../../test/fakes/sleeper-server.js';
import { EMBEDDED_DATABASE } from '../../test/harness.js';
import {
  type LeagueTestEnv,
  seedDarnoldAndPickens,
  seedPlayer,
  startLeagueTestEnv,
} from '../../test/leagues.js';

describe.each(EMBEDDED_DATABASE)('linking Sleeper and listing its leagues on %s', (kind) => {
  let env: LeagueTestEnv;
  beforeAll(async () => {
    env = await startLeagueTestEnv(kind);
  });
  afterAll(() => env?.stop());

  it('starts with nothing linked', async () => {
    const client = await env.newUser();
    const connections = await client.get('/api/leagues/connections');
    expect(connections.status).toBe(200);
    expect(connections.body).toMatchObject({
      sleeper: { connected: false, username: null },
      yahoo: { connected: false, userId: null },
      hasLinkedLeagues: false,
    });
    const leagues = await client.get('/api/leagues/leagues');
    expect(leagues.body.data).toEqual({ sleeper: [], yahoo: [], espn: [] });
  });

  it('refuses an unknown Sleeper username with the spec message and saves nothing', async () => {
    const client = await env.newUser();
    const response = await client.post('/api/leagues/sleeper/connect', { username: 'nobody_at_all' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      code: 'SLEEPER_USER_NOT_FOUND',
      message: "Sleeper user 'nobody_at_all' not found.",
    });
    expect((await client.get('/api/leagues/connections')).body.sleeper.connected).toBe(false);
    expect((await client.get('/api/auth/me')).body.data.hasLinkedLeagues).toBe(false);
  });

  it('links a real username, marks the user as having linked leagues and lists them', async () => {
    const client = await env.newUser();
    const linked = await client.post('/api/leagues/sleeper/connect', { username: '  DaKeif ' });
    expect(linked.status).toBe(200);
    expect(linked.body.sleeper).toMatchObject({ connected: true, username: FAKE_SLEEPER_USER.username });
    expect((await client.get('/api/auth/me')).body.data.hasLinkedLeagues).toBe(true);

    const leagues = await client.get('/api/leagues/leagues');
    expect(leagues.status).toBe(200);
    expect(leagues.body.season).toBe(IN_SEASON_SEASON);
    const sleeperLeagues = leagues.body.data.sleeper as {
      league_id: string;
      username: string;
      total_rosters: number;
    }[];
    expect(sleeperLeagues.map((league) => league.league_id)).toContain(IN_SEASON_LEAGUE_ID);
    expect(sleeperLeagues.every((league) => league.username === FAKE_SLEEPER_USER.username)).toBe(true);
    expect(sleeperLeagues.every((league) => league.total_rosters > 0)).toBe(true);

    const nextSeason = await client.get('/api/leagues/leagues?season=2026');
    expect(nextSeason.body.data.sleeper.map((league: { league_id: string }) => league.league_id)).toEqual([
      OFFSEASON_LEAGUE_ID,
    ]);
  });

  it('answers a league with rosters (defaults where a platform leaves a field out), the week’s matchups and the scored points', async () => {
    const client = await env.newUser();
    await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    const response = await client.get(`/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details`);
    expect(response.status).toBe(200);
    const details = response.body;
    expect(details.league).toMatchObject({
      league_id: IN_SEASON_LEAGUE_ID,
      total_rosters: 10,
      season: '2025',
    });
    expect(details.league.scoring_settings.rec).toBe(1);
    expect(details.week).toBe(1);
    expect(details.is_week_complete).toBe(true);
    expect(details.rosters).toHaveLength(10);
    for (const roster of details.rosters) {
      expect(roster.owner_name).not.toBe('');
      expect(roster.players.starters.length).toBeGreaterThan(0);
      for (const player of [...roster.players.starters, ...roster.players.bench]) {
        expect(player.name.length).toBeGreaterThan(0);
        expect(player.team.length).toBeGreaterThan(0);
      }
    }
    const rosterOne = details.matchups.find((m: { roster_id: number }) => m.roster_id === 1);
    expect(rosterOne).toMatchObject({ matchup_id: 2, points: 136.14 });
    expect(rosterOne.players_points['3198']).toBe(29.2);

    const playoffs = await client.get(`/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details?week=17`);
    expect(playoffs.body.week).toBe(17);
    expect(
      playoffs.body.matchups.filter((m: { matchup_id: number | null }) => m.matchup_id === null),
    ).toHaveLength(6);
  });

  it('finds my own roster in a league where my account has a team', async () => {
    const client = await env.newUser();
    await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    const details = (await client.get(`/api/leagues/leagues/sleeper/${OFFSEASON_LEAGUE_ID}/details`)).body;
    expect(details.my_roster_id).toBe(7);
    const mine = details.rosters.find((r: { roster_id: number }) => r.roster_id === 7);
    expect(mine.owner_id).toBe(FAKE_SLEEPER_USER.userId);
    expect(mine.players.starters.map((p: { name: string }) => p.name)).toContain('Sam Darnold');
    expect(details.matchups).toEqual([]);
  });

  it('links our players to Sleeper ids by name and scores their projections with the league rules', async () => {
    const client = await env.newUser();
    await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    // The offseason league (2026) scores 5 per passing TD and 0.5 per reception (+0.5 for TEs).
    const week = { season: 2026, week: 1 };
    await seedDarnoldAndPickens(env.server);
    await seedPlayer(env.server, {
      fullName: 'Colston Loveland',
      position: 'TE',
      team: 'CHI',
      projection: { ...week, predMean: 9, predStd: 4, stats: { rec: 4, rec_yd: 45 } },
    });
    await seedPlayer(env.server, {
      fullName: 'Kyle Monangai',
      position: 'RB',
      team: 'CHI',
      projection: { ...week, source: 'nflcom', predMean: 5, predStd: 3 },
    });
    // the linker's run after an import (a league page only reads the links)
    await env.server.deps.sleeperIds.link();

    const details = (await client.get(`/api/leagues/leagues/sleeper/${OFFSEASON_LEAGUE_ID}/details`)).body;
    const { db } = env.server.deps.database;
    const darnold = await db.select().from(players).where(eq(players.fullName, 'Sam Darnold'));
    expect(darnold[0]!.sleeperId).toBe('4943');

    expect(details.projections['4943']).toMatchObject({
      mean: 20,
      std: 6.67,
      p50: 19.5,
      is_league_scored: true,
    });
    expect(details.projections['8137']).toMatchObject({ mean: 11, p50: 10, is_league_scored: true });
    expect(details.projections['12517']).toMatchObject({ mean: 9, is_league_scored: true });
    expect(details.projections['12534']).toMatchObject({
      mean: 5,
      source: 'nflcom',
      is_league_scored: false,
    });
    expect(details.projections['9226']).toBeUndefined();
    expect(details.app_player_ids['4943']).toBe(darnold[0]!.id);
    expect(details.app_player_ids['9226']).toBeUndefined();

    // Team defenses (no NFL.com files) get a row per team, so line-ups with one can be simulated.
    const defenses = await db.select().from(players).where(eq(players.position, 'DEF'));
    expect(defenses).toHaveLength(32);
    const inSeason = (await client.get(`/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details`)).body;
    const denver = defenses.find((row) => row.sleeperId === 'DEN')!;
    expect(inSeason.app_player_ids.DEN).toBe(denver.id);
    expect(defenses.find((row) => row.sleeperId === 'DET')!.fullName).toBe('Detroit Lions');
  });

  it('disconnecting removes the leagues', async () => {
    const client = await env.newUser();
    await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    expect((await client.get('/api/leagues/leagues')).body.data.sleeper.length).toBeGreaterThan(0);
    const unlinked = await client.delete('/api/leagues/sleeper/disconnect');
    expect(unlinked.status).toBe(200);
    expect(unlinked.body).toMatchObject({ sleeper: { connected: false }, hasLinkedLeagues: false });
    expect((await client.get('/api/leagues/leagues')).body.data.sleeper).toEqual([]);
    expect((await client.get('/api/auth/me')).body.data.hasLinkedLeagues).toBe(false);
    const details = await client.get(`/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details`);
    expect(details.status).toBe(403);
  });

  it('a user only ever sees leagues of their own linked accounts', async () => {
    const owner = await env.newUser();
    await owner.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    const stranger = await env.newUser();

    const unlinked = await stranger.get(`/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details`);
    expect(unlinked.status).toBe(403);
    expect(unlinked.body.code).toBe('FORBIDDEN');
    expect((await stranger.get('/api/leagues/leagues')).body.data).toEqual({
      sleeper: [],
      yahoo: [],
      espn: [],
    });

    // The stranger links a different Sleeper account, one that is in none of these leagues.
    const me = (await stranger.get('/api/auth/me')).body.data;
    await env.server.deps.database.db.insert(leagueConnections).values({
      userId: me.id,
      platform: 'sleeper',
      externalUserId: '999999999999999999',
      username: 'someone_else',
    });
    for (const leagueId of [IN_SEASON_LEAGUE_ID, OFFSEASON_LEAGUE_ID, '1']) {
      const response = await stranger.get(`/api/leagues/leagues/sleeper/${leagueId}/details`);
      expect(response.status, leagueId).toBe(404);
      expect(response.body.code).toBe('LEAGUE_NOT_FOUND');
    }
    expect((await stranger.get('/api/leagues/leagues')).body.data.sleeper).toEqual([]);
    const yahoo = await stranger.get('/api/leagues/leagues/yahoo/461.l.103926/details');
    expect(yahoo.status).toBe(403);
  });

  it('refuses visitors and bad input', async () => {
    const visitor = env.server.client();
    for (const path of ['/api/leagues/connections', '/api/leagues/leagues', '/api/leagues/yahoo/auth-url']) {
      expect((await visitor.get(path)).status, path).toBe(401);
    }
    expect((await visitor.post('/api/leagues/sleeper/connect', { username: 'dakeif' })).status).toBe(401);
    const client = await env.newUser();
    const badWeek = await client.get(`/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details?week=0`);
    expect(badWeek.status).toBe(400);
    const badPlatform = await client.get(`/api/leagues/leagues/fantrax/${IN_SEASON_LEAGUE_ID}/details`);
    expect(badPlatform.status).toBe(400);
    const empty = await client.post('/api/leagues/sleeper/connect', { username: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_ERROR');
  });

  it('documents every /leagues path in the OpenAPI document', async () => {
    const document = (await env.server.client().get('/api/openapi.json')).body;
    const paths = Object.keys(document.paths);
    for (const path of [
      '/leagues/connections',
      '/leagues/sleeper/connect',
      '/leagues/sleeper/disconnect',
      '/leagues/yahoo/auth-url',
      '/leagues/yahoo/disconnect',
      '/leagues/leagues',
      '/leagues/leagues/{platform}/{leagueId}/details',
    ]) {
      expect(
        paths.some((documented) => documented.endsWith(path)),
        path,
      ).toBe(true);
    }
  });

  it('reports a Sleeper outage as a failure to load leagues, not as an empty list', async () => {
    const client = await env.newUser();
    await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    env.sleeper.failNext(503, 10, '/leagues/nfl/2031');
    const response = await client.get('/api/leagues/leagues?season=2031');
    expect(response.status).toBe(502);
    expect(response.body.message).toBe('Failed to fetch leagues for season 2031.');
  });
});
