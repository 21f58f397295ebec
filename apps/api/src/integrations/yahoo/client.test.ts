import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_YAHOO_LEAGUE_KEY,
  FAKE_YAHOO_TOKENS,
  type FakeYahoo,
  startFakeYahoo,
} from '../../../test/fakes/yahoo-server.js';
import { YahooFantasyClient } from './client.js';
import { YahooOAuth, type YahooTokenSet } from './oauth.js';

const CLIENT = { clientId: 'fm-client', clientSecret: 'fm-secret' };

describe('YahooFantasyClient against the fake Yahoo Fantasy API', () => {
  let yahoo: FakeYahoo;
  let saved: YahooTokenSet[];
  let client: YahooFantasyClient;

  const newClient = (tokens: Partial<YahooTokenSet> = {}) => {
    const oauth = new YahooOAuth(
      { ...CLIENT, authUrl: yahoo.url, redirectUri: 'http://localhost/cb' },
      { sleep: async () => {} },
    );
    return new YahooFantasyClient({
      apiUrl: yahoo.url,
      oauth,
      tokens: {
        accessToken: 'still-valid-token',
        refreshToken: FAKE_YAHOO_TOKENS.refresh_token,
        expiresAt: Date.now() + 3_600_000,
        yahooGuid: 'GUID',
        ...tokens,
      },
      onTokensRefreshed: (t) => {
        saved.push(t);
      },
      sleep: async () => {},
      timeoutMs: 1_000,
    });
  };

  beforeAll(async () => {
    yahoo = await startFakeYahoo(CLIENT);
  });
  afterAll(() => yahoo.close());
  beforeEach(() => {
    yahoo.reset();
    saved = [];
    client = newClient();
  });

  const fantasyRequests = () => yahoo.requests.filter((r) => r.url.startsWith('/fantasy/'));

  it("lists the user's NFL leagues of a season, in app shape, with a bearer token and format=json", async () => {
    const leagues = await client.getUserLeagues(2025);
    expect(leagues).toEqual([
      expect.objectContaining({
        league_id: FAKE_YAHOO_LEAGUE_KEY,
        name: 'Road To Glory FFL',
        total_rosters: 12,
        season: '2025',
      }),
    ]);
    await expect(client.getUserLeagues('2024')).resolves.toMatchObject([
      { league_id: '449.l.751781', status: 'complete' },
    ]);
    await expect(client.getUserLeagues(2019)).resolves.toEqual([]);
    const request = fantasyRequests()[0]!;
    expect(request.url).toBe('/fantasy/v2/users;use_login=1/games;game_keys=nfl/leagues?format=json');
    expect(request.headers.authorization).toBe('Bearer still-valid-token');
  });

  it('reads league settings as roster slots and Sleeper scoring keys', async () => {
    const league = await client.getLeague(FAKE_YAHOO_LEAGUE_KEY);
    expect(league.roster_positions.filter((p) => p === 'WR')).toHaveLength(2);
    // Yahoo's W/R and W/R/T arrive under Sleeper's names.
    expect(league.roster_positions).toContain('WRRB_FLEX');
    expect(league.roster_positions).toContain('FLEX');
    expect(league.roster_positions).not.toContain('W/R');
    expect(league.scoring_settings).toMatchObject({ rec: 1, pass_yd: 0.04, rush_td: 6 });
    expect(league.settings).toMatchObject({ playoff_teams: 6, playoff_week_start: 15, num_teams: 12 });
  });

  it('assembles league details: 12 rosters with records, and the week matchups with starters', async () => {
    const details = await client.getLeagueDetails(FAKE_YAHOO_LEAGUE_KEY, 1);
    expect(details.week).toBe(1);
    expect(details.rosters).toHaveLength(12);
    const leader = details.rosters.find((r) => r.roster_id === 6)!;
    expect(leader).toMatchObject({ owner_name: 'Greendale Human Beings', wins: 4, losses: 1, fpts: 628.68 });
    expect(leader.players.starters.length).toBeGreaterThan(0);
    expect(details.matchups).toHaveLength(12);
    const first = details.matchups.filter((m) => m.matchup_id === 1);
    expect(first.map((m) => m.points)).toEqual([90.12, 100.72]);
    expect(first[0]!.starters).toEqual(
      details.rosters
        .find((r) => r.roster_id === first[0]!.roster_id)!
        .players.starters.map((p) => p.player_id),
    );
    expect(fantasyRequests().filter((r) => r.url.includes('/roster;week=1'))).toHaveLength(12);
  });

  it('uses the current week when none is given', async () => {
    const { week, matchups } = await client.getScoreboard(FAKE_YAHOO_LEAGUE_KEY);
    expect(week).toBe(5);
    expect(matchups[0]).toMatchObject({ points: 142.18, projected_points: 91.39 });
  });

  it('refreshes once after a 401 token_expired and then succeeds', async () => {
    yahoo.failNext({ kind: 'token-expired' }, 1, '/fantasy/');
    const leagues = await client.getUserLeagues(2025);
    expect(leagues).toHaveLength(1);
    expect(yahoo.requests.map((r) => r.url.split('?')[0])).toEqual([
      '/fantasy/v2/users;use_login=1/games;game_keys=nfl/leagues',
      '/oauth2/get_token',
      '/fantasy/v2/users;use_login=1/games;game_keys=nfl/leagues',
    ]);
    expect(yahoo.requests[2]!.headers.authorization).toBe(`Bearer ${FAKE_YAHOO_TOKENS.access_token}`);
    expect(saved).toHaveLength(1);
    expect(client.currentTokens.accessToken).toBe(FAKE_YAHOO_TOKENS.access_token);
    expect(client.currentTokens.yahooGuid).toBe('JT4FACLQZI2OCE');
  });

  it('asks to link again when Yahoo still says 401 after the refresh', async () => {
    yahoo.failNext({ kind: 'token-expired' }, 2, '/fantasy/');
    await expect(client.getUserLeagues(2025)).rejects.toMatchObject({
      code: 'YAHOO_RELINK_REQUIRED',
      status: 409,
    });
  });

  it('refreshes a token that is about to expire before calling', async () => {
    const expiring = newClient({ expiresAt: Date.now() + 1_000 });
    await expiring.getUserLeagues(2025);
    expect(yahoo.requests[0]!.url).toBe('/oauth2/get_token');
    expect(saved).toHaveLength(1);
  });

  it('retries 429 and 5xx, then reports exhausted retries with a clear message', async () => {
    yahoo.failNext({ kind: 'status', status: 429, retryAfterSeconds: 1 }, 1, '/fantasy/');
    await expect(client.getUserLeagues(2025)).resolves.toHaveLength(1);
    yahoo.failNext(500, 3, '/scoreboard');
    await expect(client.getScoreboard(FAKE_YAHOO_LEAGUE_KEY, 5)).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
      message: 'Failed to fetch the Yahoo scoreboard.',
    });
  });

  it('turns a malformed or slow answer into an upstream error', async () => {
    yahoo.failNext({ kind: 'wrong-shape' }, 1, '/standings');
    const failure = await client.getLeagueTeams(FAKE_YAHOO_LEAGUE_KEY).catch((e) => e);
    expect(failure).toMatchObject({ reason: 'invalid-body', message: 'Failed to fetch Yahoo league teams.' });
    expect(failure.detail).toMatch(/fantasy_content/);
    yahoo.failNext({ kind: 'delay', ms: 3_000 }, 3, '/settings');
    await expect(client.getLeague(FAKE_YAHOO_LEAGUE_KEY)).rejects.toMatchObject({
      reason: 'timeout',
      status: 504,
    });
  });

  it('answers 404 for a league Yahoo does not know', async () => {
    await expect(client.getLeague('461.l.1')).rejects.toMatchObject({ code: 'YAHOO_NOT_FOUND', status: 404 });
  });
});
