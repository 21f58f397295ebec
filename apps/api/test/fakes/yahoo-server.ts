import { type FakeResponse, type FakeServer, type RecordedRequest, startFakeServer } from './fake-http.js';
import { readFixture } from './fixtures.js';

/** Yahoo's documented sample token answer (fixture `yahoo/oauth_token.json`). */
export const FAKE_YAHOO_TOKENS = readFixture<{
  access_token: string;
  refresh_token: string;
  xoauth_yahoo_guid: string;
}>('yahoo/oauth_token.json');
/** The code the fake consent page hands back; exchanging anything else fails with invalid_grant. */
export const FAKE_YAHOO_CODE = 'fake-yahoo-authorization-code';
/** The 2025 league recorded after week 5 (metadata, teams, standings, three scoreboards). */
export const FAKE_YAHOO_LEAGUE_KEY = '461.l.103926';
export const FAKE_YAHOO_SEASON = '2025';

export interface FakeYahooOptions {
  /** When set, /oauth2/get_token checks the Basic credentials. */
  clientId?: string;
  clientSecret?: string;
  port?: number;
  host?: string;
}

export type FakeYahoo = FakeServer;

type Json = Record<string, any>;

/**
 * A local stand-in for api.login.yahoo.com and fantasysports.yahooapis.com, replaying the fixtures
 * under /work/shared/fixtures/yahoo. One origin serves both, so YAHOO_AUTH_URL and YAHOO_API_URL
 * can both point at it.
 */
export async function startFakeYahoo(options: FakeYahooOptions = {}): Promise<FakeYahoo> {
  return startFakeServer(
    (request, url) => {
      if (url.pathname === '/oauth2/request_auth') return authorize(url);
      if (url.pathname === '/oauth2/get_token' && request.method === 'POST') return token(request, options);
      if (url.pathname.startsWith('/fantasy/v2/')) {
        if (!/^Bearer \S+/.test(request.headers.authorization ?? ''))
          return yahooError(401, 'Please provide valid credentials.');
        return fantasy(decodeURIComponent(url.pathname.slice('/fantasy/v2'.length)));
      }
      return yahooError(404, 'Not found');
    },
    options.port,
    options.host,
  );
}

/** The consent page: approves at once and sends the browser back with a code and the state. */
function authorize(url: URL): FakeResponse {
  const redirectUri = url.searchParams.get('redirect_uri');
  const state = url.searchParams.get('state');
  if (
    !url.searchParams.get('client_id') ||
    !redirectUri ||
    url.searchParams.get('response_type') !== 'code'
  ) {
    return { status: 400, body: { error: 'invalid_request' } };
  }
  const back = new URL(redirectUri);
  back.searchParams.set('code', FAKE_YAHOO_CODE);
  if (state !== null) back.searchParams.set('state', state);
  return { status: 302, rawBody: '', headers: { location: back.toString() } };
}

function token(request: RecordedRequest, options: FakeYahooOptions): FakeResponse {
  if (options.clientId !== undefined) {
    const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret ?? ''}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return { status: 401, body: { error: 'invalid_client' } };
  }
  const form = new URLSearchParams(request.body);
  const grant = form.get('grant_type');
  const isValid =
    (grant === 'authorization_code' &&
      form.get('code') === FAKE_YAHOO_CODE &&
      Boolean(form.get('redirect_uri'))) ||
    (grant === 'refresh_token' && form.get('refresh_token') === FAKE_YAHOO_TOKENS.refresh_token);
  if (!isValid)
    return {
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Invalid authorization code or refresh token' },
    };
  return { status: 200, body: readFixture('yahoo/oauth_token.json') };
}

function fantasy(path: string): FakeResponse {
  if (path === '/users;use_login=1/games;game_keys=nfl/leagues') return ok(userNflLeagues());
  if (path === '/users;use_login=1/games') return ok(readFixture('yahoo/user_games.json'));
  if (path === '/users;use_login=1/games;game_keys=nfl/teams')
    return ok(readFixture('yahoo/user_games_teams_nfl.json'));
  if (path.startsWith('/teams;team_keys=')) return ok(readFixture('yahoo/team_details.json'));

  const league = /^\/league\/([^/]+)(?:\/(.*))?$/.exec(path);
  if (league) return leagueRoute(canonicalLeagueKey(league[1]!), league[2]);
  const roster = /^\/team\/([^/]+)\/roster(?:;week=(\d+))?$/.exec(path);
  if (roster) return teamRoster(roster[1]!, roster[2]);
  return yahooError(404, `No fake for ${path}`);
}

/** `nfl.l.103926` is Yahoo's alias for the current season's key. */
function canonicalLeagueKey(leagueKey: string): string {
  return leagueKey.replace(/^nfl\./, '461.');
}

function leagueRoute(leagueKey: string, sub: string | undefined): FakeResponse {
  if (leagueKey === '449.l.751781' && sub?.startsWith('players;'))
    return ok(readFixture('yahoo/players_stats_week1.json'));
  if (leagueKey === '399.l.710921' && sub?.startsWith('transactions')) {
    return ok(readFixture('yahoo/league_transactions_trades.json'));
  }
  if (leagueKey !== FAKE_YAHOO_LEAGUE_KEY) return yahooError(400, `League key ${leagueKey} does not exist.`);
  if (sub === undefined) return ok(readFixture('yahoo/league_metadata.json'));
  if (sub === 'teams') return ok(readFixture('yahoo/league_teams.json'));
  if (sub === 'standings') return ok(readFixture('yahoo/league_standings.json'));
  if (sub === 'settings') return ok(nflSettings());
  const scoreboard = /^scoreboard(?:;week=(\d+))?$/.exec(sub);
  if (scoreboard) return ok(scoreboardFor(scoreboard[1] === undefined ? undefined : Number(scoreboard[1])));
  return yahooError(400, `No fake for league sub-resource ${sub}`);
}

/**
 * What `games;game_keys=nfl/leagues` answers for this user: the recorded NFL 2024 game (the MLB
 * game of the unfiltered recording dropped) plus a 2025 game holding the recorded 2025 league.
 */
function userNflLeagues(): Json {
  const answer = readFixture('yahoo/user_games_leagues.json');
  const games = answer.fantasy_content.users['0'].user[1].games;
  const nfl2024 = games['0'];
  const league2025 = readFixture('yahoo/league_metadata.json').fantasy_content.league[0];
  const game2025 = [
    {
      game_key: '461',
      game_id: '461',
      name: 'Football',
      code: 'nfl',
      type: 'full',
      season: FAKE_YAHOO_SEASON,
    },
    { leagues: { '0': { league: [league2025] }, count: 1 } },
  ];
  answer.fantasy_content.users['0'].user[1].games = { '0': nfl2024, '1': { game: game2025 }, count: 2 };
  answer.fantasy_content['yahoo:uri'] = '/fantasy/v2/users;use_login=1/games;game_keys=nfl/leagues';
  return answer;
}

/** Recorded weeks 1, 5 and 16; any other week reuses week 5 relabelled. */
function scoreboardFor(week: number | undefined): Json {
  if (week === 1) return readFixture('yahoo/league_scoreboard_week1_live.json');
  if (week === 16) return readFixture('yahoo/league_scoreboard_week16_playoffs.json');
  const answer = readFixture('yahoo/league_scoreboard.json');
  if (week === undefined || week === 5) return answer;
  const scoreboard = answer.fantasy_content.league[1].scoreboard;
  scoreboard.week = week;
  for (const [index, entry] of Object.entries<Json>(scoreboard['0'].matchups)) {
    if (index !== 'count') entry.matchup.week = String(week);
  }
  return answer;
}

/**
 * The recorded roster (league 461.l.6288, team 4, week 11) served for every team of the 2025
 * league, with the team record swapped in so keys and names agree with the league's teams.
 */
function teamRoster(teamKey: string, week: string | undefined): FakeResponse {
  const teams = readFixture('yahoo/league_teams.json').fantasy_content.league[1].teams;
  const team = Object.entries<Json>(teams).find(
    ([index, t]) => index !== 'count' && t.team[0][0].team_key === teamKey,
  );
  if (!team) return yahooError(400, `Team key ${teamKey} does not exist.`);
  const answer = readFixture('yahoo/team_roster.json');
  answer.fantasy_content.team[0] = team[1].team[0];
  if (week !== undefined) answer.fantasy_content.team[1].roster.week = week;
  return ok(answer);
}

/**
 * Settings in the recorded envelope (the only recording is an NHL league), with NFL roster slots
 * and a full-PPR scoring table so the fake league reads like a real NFL one.
 */
function nflSettings(): Json {
  const answer = readFixture('yahoo/league_settings_nhl_shape_reference.json');
  answer.fantasy_content.league[0] = readFixture('yahoo/league_metadata.json').fantasy_content.league[0];
  const settings = answer.fantasy_content.league[1].settings[0];
  // The slots of the league the recorded roster (yahoo/team_roster.json) plays in, IDP included.
  const slots: [string, number, string?][] = [
    ['QB', 1, 'O'],
    ['WR', 2, 'O'],
    ['RB', 2, 'O'],
    ['TE', 1, 'O'],
    ['W/R', 1, 'O'],
    ['W/R/T', 1, 'O'],
    ['K', 1, 'K'],
    ['DEF', 1, 'DT'],
    ['DB', 1, 'DP'],
    ['DL', 1, 'DP'],
    ['LB', 1, 'DP'],
    ['BN', 15],
    ['IR', 1],
  ];
  settings.roster_positions = slots.map(([position, count, position_type]) => ({
    roster_position: {
      position,
      count,
      ...(position_type ? { position_type, is_starting_position: 1 } : { is_starting_position: 0 }),
    },
  }));
  const modifiers: [number, number][] = [
    [4, 0.04],
    [5, 4],
    [6, -1],
    [9, 0.1],
    [10, 6],
    [11, 1],
    [12, 0.1],
    [13, 6],
    [16, 2],
    [18, -2],
    [29, 1],
    [19, 3],
    [20, 3],
    [21, 3],
    [22, 4],
    [23, 5],
  ];
  settings.stat_modifiers = {
    stats: modifiers.map(([stat_id, value]) => ({ stat: { stat_id, value: String(value) } })),
  };
  settings.stat_categories = {
    stats: modifiers.map(([stat_id]) => ({ stat: { stat_id, enabled: '1', name: `Stat ${stat_id}` } })),
  };
  settings.playoff_start_week = '15';
  settings.num_playoff_teams = '6';
  return answer;
}

const ok = (body: unknown): FakeResponse => ({ status: 200, body });

function yahooError(status: number, description: string): FakeResponse {
  return { status, body: { error: { 'xml:lang': 'en-us', 'yahoo:uri': '', description, detail: '' } } };
}
