import { z } from 'zod';
import { AppError } from '../../errors.js';
import { fetchJson, type HttpRetryOptions, UpstreamRequestError } from '../http.js';
import type { AppLeague, AppMatchup, PlatformRoster } from '../league-shapes.js';
import { toAppLeague, toAppMatchups, toAppRoster } from './normalize.js';
import { type YahooOAuth, type YahooTokenSet, yahooRelinkRequired } from './oauth.js';
import {
  parseLeagueSettings,
  parseLeagueTeams,
  parseScoreboard,
  parseTeamRoster,
  parseUserGames,
  type YahooPlayer,
  YahooShapeError,
  type YahooTeam,
} from './parse.js';
import { unsupportedYahooScoring } from './scoring.js';

/** Parallel roster requests per league, to stay polite with Yahoo's rate limits. */
const ROSTER_CONCURRENCY = 4;
const FANTASY_PATH = '/fantasy/v2';

export interface YahooFantasyClientOptions extends HttpRetryOptions {
  /** e.g. https://fantasysports.yahooapis.com */
  apiUrl: string;
  oauth: YahooOAuth;
  tokens: YahooTokenSet;
  /** Called whenever the tokens were refreshed, so the caller can store the new (encrypted) set. */
  onTokensRefreshed?: (tokens: YahooTokenSet) => void | Promise<void>;
  /** Sleeper id by Yahoo player id, to tag Yahoo players with the id our projections use. */
  sleeperIdByYahooId?: ReadonlyMap<string, string>;
}

export interface YahooLeagueDetails {
  league: AppLeague;
  /** The league's settings our points cannot apply as Yahoo does (`yahoo_<stat id>`), sorted. */
  scoring_unsupported: string[];
  week: number;
  rosters: PlatformRoster[];
  matchups: AppMatchup[];
}

/** Fantasy Sports API v2 on behalf of one linked user. Answers are in the app's league shapes. */
export class YahooFantasyClient {
  private readonly apiUrl: string;
  private tokens: YahooTokenSet;
  private readonly retry: HttpRetryOptions;

  constructor(private readonly options: YahooFantasyClientOptions) {
    const {
      apiUrl,
      tokens,
      oauth: _oauth,
      onTokensRefreshed: _saved,
      sleeperIdByYahooId: _ids,
      ...retry
    } = options;
    this.apiUrl = `${apiUrl.replace(/\/+$/, '')}${FANTASY_PATH}`;
    this.tokens = tokens;
    this.retry = retry;
  }

  /** The tokens in use now (after any refresh). */
  get currentTokens(): YahooTokenSet {
    return this.tokens;
  }

  /** The user's NFL leagues of `season` (Yahoo has one NFL "game" per season). */
  async getUserLeagues(season: string | number): Promise<AppLeague[]> {
    const games = await this.get(
      '/users;use_login=1/games;game_keys=nfl/leagues',
      parseUserGames,
      'Failed to fetch your Yahoo leagues.',
    );
    const game = games.find((g) => g.game.code === 'nfl' && g.game.season === String(season));
    return (game?.leagues ?? []).map((league) => toAppLeague(league));
  }

  /** League metadata with roster slots and scoring (one call to `/settings`). */
  async getLeague(leagueKey: string): Promise<AppLeague> {
    return (await this.getLeagueWithScoring(leagueKey)).league;
  }

  /** getLeague, with the league's settings our points cannot apply. */
  private async getLeagueWithScoring(
    leagueKey: string,
  ): Promise<Pick<YahooLeagueDetails, 'league' | 'scoring_unsupported'>> {
    const { league, settings } = await this.get(
      `/league/${key(leagueKey)}/settings`,
      parseLeagueSettings,
      'Failed to fetch the Yahoo league.',
    );
    return {
      league: toAppLeague(league, settings),
      scoring_unsupported: unsupportedYahooScoring(settings.stat_modifiers),
    };
  }

  /** Teams with owners and win/loss records (from the standings). */
  async getLeagueTeams(leagueKey: string): Promise<YahooTeam[]> {
    const { teams } = await this.get(
      `/league/${key(leagueKey)}/standings`,
      parseLeagueTeams,
      'Failed to fetch Yahoo league teams.',
    );
    return teams;
  }

  async getTeamRoster(teamKey: string, week?: number): Promise<{ team: YahooTeam; players: YahooPlayer[] }> {
    const path = `/team/${key(teamKey)}/roster${week === undefined ? '' : `;week=${week}`}`;
    return this.get(path, parseTeamRoster, 'Failed to fetch the Yahoo roster.');
  }

  /** Every team's roster for `week`, owners and records included. */
  async getLeagueRosters(leagueKey: string, week?: number): Promise<PlatformRoster[]> {
    const teams = await this.getLeagueTeams(leagueKey);
    const rosters = await mapWithConcurrency(teams, ROSTER_CONCURRENCY, (team) =>
      this.getTeamRoster(team.team_key, week),
    );
    return teams
      .map((team, i) => toAppRoster(team, rosters[i]!.players, this.options.sleeperIdByYahooId))
      .sort((a, b) => a.roster_id - b.roster_id);
  }

  async getScoreboard(leagueKey: string, week?: number): Promise<{ week: number; matchups: AppMatchup[] }> {
    const path = `/league/${key(leagueKey)}/scoreboard${week === undefined ? '' : `;week=${week}`}`;
    const scoreboard = await this.get(path, parseScoreboard, 'Failed to fetch the Yahoo scoreboard.');
    return { week: scoreboard.week, matchups: toAppMatchups(scoreboard.matchups) };
  }

  /** League, rosters and matchups of `week` (default: the league's current week). */
  async getLeagueDetails(leagueKey: string, week?: number): Promise<YahooLeagueDetails> {
    const { league, scoring_unsupported } = await this.getLeagueWithScoring(leagueKey);
    const targetWeek = week ?? league.current_week;
    const [rosters, scoreboard] = await Promise.all([
      this.getLeagueRosters(leagueKey, targetWeek),
      this.getScoreboard(leagueKey, targetWeek),
    ]);
    const startersByRoster = new Map(
      rosters.map((r) => [r.roster_id, r.players.starters.map((p) => p.player_id)]),
    );
    const matchups = scoreboard.matchups.map((m) => ({
      ...m,
      starters: startersByRoster.get(m.roster_id) ?? [],
    }));
    return { league, scoring_unsupported, week: scoreboard.week, rosters, matchups };
  }

  private async get<T>(path: string, parse: (body: unknown) => T, failureMessage: string): Promise<T> {
    await this.refreshIfExpiring();
    try {
      return await this.request(path, parse, failureMessage);
    } catch (error) {
      if (!isUnauthorized(error)) throw translate(error);
    }
    // Yahoo said the token is expired or invalid: refresh once and try again.
    await this.replaceTokens(await this.options.oauth.refresh(this.tokens.refreshToken));
    try {
      return await this.request(path, parse, failureMessage);
    } catch (error) {
      throw isUnauthorized(error) ? yahooRelinkRequired() : translate(error);
    }
  }

  private request<T>(path: string, parse: (body: unknown) => T, failureMessage: string): Promise<T> {
    return fetchJson(`${this.apiUrl}${path}?format=json`, parsedBy(parse), {
      ...this.retry,
      headers: { authorization: `Bearer ${this.tokens.accessToken}` },
      failureMessage,
    });
  }

  private async refreshIfExpiring(): Promise<void> {
    const { tokens, refreshed } = await this.options.oauth.ensureFreshToken(this.tokens);
    if (refreshed) await this.replaceTokens(tokens);
  }

  private async replaceTokens(tokens: YahooTokenSet): Promise<void> {
    this.tokens = { ...tokens, yahooGuid: tokens.yahooGuid ?? this.tokens.yahooGuid };
    await this.options.onTokensRefreshed?.(this.tokens);
  }
}

/** A zod schema that runs a parse.ts reader, so shape errors surface as invalid-body failures. */
function parsedBy<T>(parse: (body: unknown) => T) {
  return z.unknown().transform((body, ctx) => {
    try {
      return parse(body);
    } catch (error) {
      if (!(error instanceof YahooShapeError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
      return z.NEVER;
    }
  });
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof UpstreamRequestError && error.upstreamStatus === 401;
}

function translate(error: unknown): unknown {
  if (!(error instanceof UpstreamRequestError)) return error;
  if (error.upstreamStatus === 400 || error.upstreamStatus === 404) {
    return new AppError('YAHOO_NOT_FOUND', 'Yahoo could not find that league or team.', 404);
  }
  if (error.upstreamStatus === 403) {
    return new AppError('FORBIDDEN', 'Your Yahoo account cannot see that league.', 403);
  }
  return error;
}

/** Keys such as 461.l.103926 go into the path as they are; anything else is escaped. */
function key(value: string): string {
  return encodeURIComponent(value);
}

async function mapWithConcurrency<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
