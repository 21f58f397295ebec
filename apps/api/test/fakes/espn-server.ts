import { type FakeResponse, type FakeServer, type RecordedRequest, startFakeServer } from './fake-http.js';
import { readFixture } from './fixtures.js';

/** Set A: the anonymised public league recorded before its 2023 week-1 games. */
export const FAKE_ESPN_LEAGUE_ID = '31415926';
export const FAKE_ESPN_SEASON = 2023;
/** The same league served as a private one: it answers only with FAKE_ESPN_COOKIES. */
export const FAKE_ESPN_PRIVATE_LEAGUE_ID = '27182818';
/** espn_s2 and SWID that open the private league; SWID is the member owning FAKE_ESPN_MY_TEAM_ID. */
export const FAKE_ESPN_COOKIES = {
  espnS2: 'AEBfakeEspnS2CookieValue%2Bfor%2Btests%3D%3D',
  swid: '{05BF957C-0360-1F2F-117D-DDA306D4C35A}',
} as const;
export const FAKE_ESPN_MY_TEAM_ID = 1;

const LEAGUE_PATH = /^\/apis\/v3\/games\/ffl\/seasons\/(\d{4})\/segments\/0\/leagues\/([^/]+)$/;
const POOL_PATH = /^\/apis\/v3\/games\/ffl\/seasons\/(\d{4})\/segments\/0\/leaguedefaults\/3$/;
/** Set B's recorded kona_player_info answer (2018 week 1); other seasons get Set A's players. */
const RECORDED_POOL_SEASON = 2018;

export type FakeEspn = FakeServer;

type Json = Record<string, any>;

/**
 * A local stand-in for lm-api-reads.fantasy.espn.com replaying `espn/league_2023_week1_modular.json`
 * (ESPN_API_URL points at it), and ESPN's public player pool (`leaguedefaults/3`). The recorded league answers for any season from 2018 on, relabelled to
 * it, and for any asked week, relabelled to that week (the recording holds week 1 only); unknown
 * leagues answer ESPN's 404, the private copy without the right cookies ESPN's 401.
 */
export async function startFakeEspn(options: { port?: number; host?: string } = {}): Promise<FakeEspn> {
  return startFakeServer(
    (request, url) => {
      const pool = POOL_PATH.exec(url.pathname);
      if (pool) return { status: 200, body: playerPool(Number(pool[1]), request) };
      const league = LEAGUE_PATH.exec(url.pathname);
      if (!league) return espnError(404, 'Not Found', 'GENERAL_NOT_FOUND');
      const [, season, leagueId] = league;
      if (leagueId === FAKE_ESPN_PRIVATE_LEAGUE_ID && !hasCookies(request)) {
        return espnError(401, 'You are not authorized to view this League.', 'AUTH_LEAGUE_NOT_VISIBLE');
      }
      if (leagueId !== FAKE_ESPN_LEAGUE_ID && leagueId !== FAKE_ESPN_PRIVATE_LEAGUE_ID) {
        return espnError(404, 'Not Found', 'GENERAL_NOT_FOUND');
      }
      const week = url.searchParams.get('scoringPeriodId');
      return {
        status: 200,
        body: recordedLeague(leagueId!, Number(season), week ? Number(week) : undefined),
      };
    },
    options.port,
    options.host,
  );
}

/**
 * ESPN's public player pool as the x-fantasy-filter asks for it (the week's projected lines, most
 * owned first, up to its limit). 2018 is the recorded pool answer; any other season is made of the
 * recorded league's rostered players (their week-1 projections, relabelled to the season and week).
 */
function playerPool(season: number, request: RecordedRequest): Json {
  const filter = JSON.parse(String(request.headers['x-fantasy-filter'] ?? '{}')).players ?? {};
  const week = Number(filter.filterStatsForCurrentSeasonScoringPeriodId?.value?.[0] ?? 1);
  const isProjection = (stat: Json) =>
    stat.statSourceId === 1 && stat.statSplitTypeId === 1 && stat.scoringPeriodId === week;
  let players: Json[];
  if (season === RECORDED_POOL_SEASON) {
    players = readFixture('espn/espnapi_league_free_agents_2018.json').players;
  } else {
    const league = recordedLeague(FAKE_ESPN_LEAGUE_ID, season, week);
    const seen = new Set<number>();
    players = league.schedule
      .flatMap((item: Json) => [item.home, item.away])
      .flatMap((side: Json) => side?.rosterForCurrentScoringPeriod?.entries ?? [])
      .map((entry: Json) => ({ id: entry.playerId, onTeamId: 0, player: entry.playerPoolEntry.player }))
      .filter((entry: Json) => !seen.has(entry.id) && Boolean(seen.add(entry.id)));
  }
  const limited = players.slice(0, Number(filter.limit ?? players.length));
  return {
    players: limited.map((entry) => ({
      ...entry,
      player: { ...entry.player, stats: (entry.player.stats ?? []).filter(isProjection) },
    })),
  };
}

function hasCookies(request: RecordedRequest): boolean {
  const cookies = new Map(
    (request.headers.cookie ?? '').split(';').map((part) => {
      const [name, ...value] = part.trim().split('=');
      return [name, value.join('=')] as const;
    }),
  );
  return (
    cookies.get('espn_s2') === FAKE_ESPN_COOKIES.espnS2 && cookies.get('SWID') === FAKE_ESPN_COOKIES.swid
  );
}

function recordedLeague(leagueId: string, season: number, week: number | undefined): Json {
  const answer = readFixture('espn/league_2023_week1_modular.json');
  answer.id = Number(leagueId);
  answer.seasonId = season;
  if (week !== undefined && week !== answer.scoringPeriodId) {
    answer.scoringPeriodId = week;
    for (const item of answer.schedule) {
      item.matchupPeriodId = week;
      for (const side of [item.home, item.away]) {
        for (const entry of side?.rosterForCurrentScoringPeriod?.entries ?? []) {
          for (const stat of entry.playerPoolEntry.player.stats) stat.scoringPeriodId = week;
        }
      }
    }
  }
  return answer;
}

function espnError(status: number, message: string, type: string): FakeResponse {
  return {
    status,
    body: {
      messages: [message],
      details: [{ message, shortMessage: message, resolved: false, type, metaData: null }],
    },
  };
}
