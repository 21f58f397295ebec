import { leagueConnections } from '@fm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_YAHOO_LEAGUE_KEY,
  FAKE_YAHOO_SEASON,
  FAKE_YAHOO_TOKENS,
} from '../../test/fakes/yahoo-server.js';
import { signedInClient, STRONG_PASSWORD } from '../../test/accounts.js';
import { EMBEDDED_DATABASE } from '../../test/harness.js';
import {
  type LeagueTestEnv,
  linkYahoo,
  pathAndQuery,
  startLeagueTestEnv,
  YAHOO_APP,
} from '../../test/leagues.js';
import { createYahooState } from '../services/leagues/yahoo-link.js';

describe.each(EMBEDDED_DATABASE)('linking Yahoo through OAuth on %s', (kind) => {
  let env: LeagueTestEnv;
  beforeAll(async () => {
    env = await startLeagueTestEnv(kind);
  });
  afterAll(() => env?.stop());

  it('hands out a consent URL for our Yahoo app with a signed state and our callback', async () => {
    const client = await env.newUser();
    const response = await client.get('/api/leagues/yahoo/auth-url');
    expect(response.status).toBe(200);
    const url = new URL(response.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${env.yahoo.url}/oauth2/request_auth`);
    expect(url.searchParams.get('client_id')).toBe(YAHOO_APP.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(
      `${env.server.config.appUrl}/api/leagues/yahoo/callback`,
    );
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('completes the round trip: tokens stored encrypted, Yahoo user id shown, leagues listed', async () => {
    const client = await env.newUser();
    expect(await linkYahoo(client)).toBe('/link-leagues?linked=yahoo');

    const connections = (await client.get('/api/leagues/connections')).body;
    expect(connections).toMatchObject({
      yahoo: { connected: true, userId: FAKE_YAHOO_TOKENS.xoauth_yahoo_guid, available: true },
      sleeper: { connected: false },
      hasLinkedLeagues: true,
    });
    const rows = await env.server.deps.database.db.select().from(leagueConnections);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(FAKE_YAHOO_TOKENS.access_token);
    expect(stored).not.toContain(FAKE_YAHOO_TOKENS.refresh_token);

    const leagues = (await client.get(`/api/leagues/leagues?season=${FAKE_YAHOO_SEASON}`)).body;
    expect(leagues.data.yahoo).toEqual([
      expect.objectContaining({ league_id: FAKE_YAHOO_LEAGUE_KEY, total_rosters: 12, platform: 'yahoo' }),
    ]);
  });

  it('answers a Yahoo league with my team, its rosters and the week’s scoreboard', async () => {
    const client = await env.newUser();
    await linkYahoo(client);
    const response = await client.get(`/api/leagues/leagues/yahoo/${FAKE_YAHOO_LEAGUE_KEY}/details`);
    expect(response.status).toBe(200);
    const details = response.body;
    expect(details.platform).toBe('yahoo');
    expect(details.league.roster_positions.filter((slot: string) => slot !== 'BN' && slot !== 'IR')).toEqual([
      'QB',
      'WR',
      'WR',
      'RB',
      'RB',
      'TE',
      'WRRB_FLEX',
      'FLEX',
      'K',
      'DEF',
      'DB',
      'DL',
      'LB',
    ]);
    // The recorded roster fills exactly those slots.
    const recorded = details.rosters.find((r: { roster_id: number }) => r.roster_id === details.my_roster_id);
    expect(recorded.players.starters).toHaveLength(13);
    expect(details.league.scoring_settings).toMatchObject({ rec: 1, pass_td: 4 });
    expect(details.rosters).toHaveLength(12);
    expect(details.my_roster_id).not.toBeNull();
    expect(details.rosters.map((r: { roster_id: number }) => r.roster_id)).toContain(details.my_roster_id);
    const mine = details.matchups.find((m: { roster_id: number }) => m.roster_id === details.my_roster_id);
    const opponent = details.matchups.find(
      (m: { roster_id: number; matchup_id: number }) => m.matchup_id === mine.matchup_id && m !== mine,
    );
    expect(opponent).toBeDefined();
    expect(mine.starters.length).toBeGreaterThan(0);
  });

  it('sends a forged, foreign or expired state back to /link-leagues with an error, linking nothing', async () => {
    const client = await env.newUser();
    const other = await env.newUser();
    const { body } = await other.get('/api/leagues/yahoo/auth-url');
    const consent = await fetch(body.url, { redirect: 'manual' });
    const callbackForOther = pathAndQuery(consent.headers.get('location')!);

    const foreign = await client.get(callbackForOther);
    expect(foreign.headers.get('location')).toMatch(/^\/link-leagues\?error=/);
    const forged = await client.get(callbackForOther.replace(/state=[^&]+/, 'state=abc.def'));
    expect(decodeURIComponent(forged.headers.get('location')!)).toContain('expired or was not yours');
    const me = (await client.get('/api/auth/me')).body.data;
    const expired = createYahooState(env.server.config.sessionSecret, me.id, Date.now() - 60 * 60_000);
    const late = await client.get(`/api/leagues/yahoo/callback?code=x&state=${expired}`);
    expect(late.headers.get('location')).toMatch(/^\/link-leagues\?error=/);
    const declined = await client.get('/api/leagues/yahoo/callback?error=access_denied');
    expect(decodeURIComponent(declined.headers.get('location')!)).toContain('cancelled');

    expect((await client.get('/api/leagues/connections')).body.yahoo.connected).toBe(false);
  });

  it('reports a code Yahoo rejects without linking', async () => {
    const client = await env.newUser();
    const me = (await client.get('/api/auth/me')).body.data;
    const state = createYahooState(env.server.config.sessionSecret, me.id);
    const response = await client.get(`/api/leagues/yahoo/callback?code=wrong-code&state=${state}`);
    expect(decodeURIComponent(response.headers.get('location')!)).toContain(
      'Yahoo did not accept the sign-in',
    );
    expect((await client.get('/api/leagues/connections')).body.yahoo.connected).toBe(false);
  });

  it('refreshes an expired access token and keeps using the link', async () => {
    const client = await env.newUser();
    await linkYahoo(client);
    env.yahoo.reset();
    env.yahoo.failNext({ kind: 'token-expired' }, 1, '/fantasy/v2/');
    const leagues = await client.get(`/api/leagues/leagues?season=${FAKE_YAHOO_SEASON}`);
    expect(leagues.status).toBe(200);
    expect(leagues.body.data.yahoo).toHaveLength(1);
    expect(env.yahoo.requests.some((r) => r.url === '/oauth2/get_token')).toBe(true);
  });

  it('disconnecting Yahoo removes its leagues and its tokens', async () => {
    const client = await env.newUser();
    await linkYahoo(client);
    const unlinked = await client.delete('/api/leagues/yahoo/disconnect');
    expect(unlinked.body).toMatchObject({
      yahoo: { connected: false, userId: null },
      hasLinkedLeagues: false,
    });
    expect((await client.get(`/api/leagues/leagues?season=${FAKE_YAHOO_SEASON}`)).body.data.yahoo).toEqual(
      [],
    );
    const details = await client.get(`/api/leagues/leagues/yahoo/${FAKE_YAHOO_LEAGUE_KEY}/details`);
    expect(details.status).toBe(403);
  });
});

describe('Yahoo linking without a Yahoo app configured', () => {
  let env: LeagueTestEnv;
  const admin = { email: 'yahoo-unset-admin@example.com', password: STRONG_PASSWORD };
  beforeAll(async () => {
    env = await startLeagueTestEnv('pglite', {
      env: {
        YAHOO_CLIENT_ID: undefined,
        YAHOO_CLIENT_SECRET: undefined,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      },
    });
  });
  afterAll(() => env?.stop());

  it('answers 503 "not configured" and never links', async () => {
    const client = await env.newUser();
    const response = await client.get('/api/leagues/yahoo/auth-url');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      code: 'YAHOO_NOT_CONFIGURED',
      message: 'Yahoo linking is not configured on this server.',
    });
    const me = (await client.get('/api/auth/me')).body.data;
    const state = createYahooState(env.server.config.sessionSecret, me.id);
    const callback = await client.get(`/api/leagues/yahoo/callback?code=x&state=${state}`);
    expect(decodeURIComponent(callback.headers.get('location')!)).toContain('not configured');
  });

  it('says linking is not offered, and a refused attempt is no server error on the admin pages', async () => {
    const client = await env.newUser();
    expect((await client.get('/api/leagues/connections')).body.yahoo).toEqual({
      connected: false,
      userId: null,
      available: false,
    });
    expect((await client.get('/api/leagues/yahoo/auth-url')).status).toBe(503);

    const adminClient = await signedInClient(env.server, admin.email, admin.password);
    const health = (await adminClient.get('/api/admin/system/health')).body.data;
    expect(health.components.errors.metrics.serverErrors).toBe(0);
    const errors = (await adminClient.get('/api/admin/system/errors')).body.data;
    expect(errors.summary.errorsByCategory.SERVER_ERROR).toBe(0);
    expect(errors.criticalIndicators.filter((i: { type: string }) => i.type === 'server_errors')).toEqual([]);
    expect(errors.recentErrors.map((e: { endpoint: string }) => e.endpoint)).toContain(
      'GET /api/leagues/yahoo/auth-url',
    );
  });
});
