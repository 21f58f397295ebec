import { espnLeagues } from '@fm/db';
import { and, asc, count, eq } from 'drizzle-orm';
import { countLinkAttempt } from './link-limit.js';
import type { AppDeps } from '../../deps.js';
import { AppError, validationError } from '../../errors.js';
import {
  type EspnCredentials,
  espnNotFootball,
  normalizeEspnCredentials,
} from '../../integrations/espn/client.js';
import { toAppLeague } from '../../integrations/espn/normalize.js';
import type { EspnLeague } from '../../integrations/espn/schemas.js';
import type { AppLeague } from '../../integrations/league-shapes.js';
import { isOutage, platformUnavailable } from './last-held.js';
import { currentNflSeason } from './current-season.js';

/** More linked ESPN leagues than anyone plays in; it bounds what one account can make us fetch. */
export const MAX_ESPN_LEAGUES_PER_USER = 50;
export type EspnLeagueRow = typeof espnLeagues.$inferSelect;

export interface EspnLinkRequest {
  /** The league id, or the address of any page of the league (which may also carry the season). */
  leagueId: string;
  espnS2?: string | undefined;
  swid?: string | undefined;
}

const LEAGUE_ID = /^\d{1,12}$/;
const FANTASY_SPORTS = new Set(['football', 'basketball', 'baseball', 'hockey']);

const leagueIdInvalid = () =>
  validationError(
    "Enter the ESPN league id (the number after leagueId= in your league's address), or paste that address.",
    'leagueId',
  );

/** `123456` or `https://fantasy.espn.com/football/league?leagueId=123456&seasonId=2024` → id and season. */
export function parseEspnLeagueInput(input: string): { leagueId: string; season?: number } {
  const text = input.trim();
  if (LEAGUE_ID.test(text)) return { leagueId: text };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw leagueIdInvalid();
  }
  if (!/(^|\.)espn\.com$/i.test(url.hostname)) throw leagueIdInvalid();
  const sport = url.pathname.split('/').filter(Boolean)[0]?.toLowerCase();
  if (sport && FANTASY_SPORTS.has(sport) && sport !== 'football') throw espnNotFootball();
  const leagueId = url.searchParams.get('leagueId') ?? '';
  if (!LEAGUE_ID.test(leagueId)) throw leagueIdInvalid();
  const season = Number(url.searchParams.get('seasonId'));
  return Number.isInteger(season) && season > 0 ? { leagueId, season } : { leagueId };
}

/** Both cookies or neither: one alone cannot open a private league. */
function credentialsOf(request: EspnLinkRequest): EspnCredentials | undefined {
  const espnS2 = request.espnS2?.trim() ?? '';
  const swid = request.swid?.trim() ?? '';
  if (espnS2 === '' && swid === '') return undefined;
  if (espnS2 === '')
    throw validationError('Add the espn_s2 cookie too (SWID alone does not open a league).', 'espnS2');
  if (swid === '')
    throw validationError('Add the SWID cookie too (espn_s2 alone does not open a league).', 'swid');
  return normalizeEspnCredentials(espnS2, swid);
}

const storedCookiesUnreadable = () =>
  new AppError(
    'ESPN_COOKIES_UNREADABLE',
    'The stored ESPN cookies for this league could not be read. Please link the league again.',
    409,
  );

/** The stored cookies of a linked league, decrypted; undefined for a public league. */
export function readEspnCredentials(deps: AppDeps, row: EspnLeagueRow): EspnCredentials | undefined {
  if (!row.espnS2Enc || !row.swidEnc) return undefined;
  try {
    return {
      espnS2: deps.leagues.tokenCipher.decrypt(row.espnS2Enc, row.userId),
      swid: deps.leagues.tokenCipher.decrypt(row.swidEnc, row.userId),
    };
  } catch {
    throw storedCookiesUnreadable();
  }
}

export async function findEspnLeague(
  deps: AppDeps,
  userId: string,
  leagueId: string,
): Promise<EspnLeagueRow | undefined> {
  const [row] = await deps.database.db
    .select()
    .from(espnLeagues)
    .where(and(eq(espnLeagues.userId, userId), eq(espnLeagues.leagueId, leagueId)))
    .limit(1);
  return row;
}

export async function listEspnLeagueRows(deps: AppDeps, userId: string): Promise<EspnLeagueRow[]> {
  return deps.database.db
    .select()
    .from(espnLeagues)
    .where(eq(espnLeagues.userId, userId))
    .orderBy(asc(espnLeagues.createdAt));
}

/**
 * Reads the league from ESPN (its season from the address, else the current NFL season, else the one
 * before for a league not renewed yet), then stores the link; a private league's cookies are stored
 * encrypted and bound to the user. ESPN's refusals (not found, private, not football) change nothing.
 */
export async function linkEspnLeague(
  deps: AppDeps,
  userId: string,
  request: EspnLinkRequest,
): Promise<EspnLeague> {
  const { leagueId, season } = parseEspnLeagueInput(request.leagueId);
  const credentials = credentialsOf(request);
  await countLinkAttempt(deps, userId);
  const existing = await findEspnLeague(deps, userId, leagueId);
  if (!existing) {
    const [{ total }] = (await deps.database.db
      .select({ total: count() })
      .from(espnLeagues)
      .where(eq(espnLeagues.userId, userId))) as [{ total: number }];
    if (Number(total) >= MAX_ESPN_LEAGUES_PER_USER) {
      throw validationError(`You can link up to ${MAX_ESPN_LEAGUES_PER_USER} ESPN leagues.`, 'leagueId');
    }
  }
  const league = await readLinkableLeague(deps, leagueId, season, credentials).catch((error: unknown) => {
    throw isOutage(error) ? platformUnavailable('espn') : error;
  });
  const { tokenCipher } = deps.leagues;
  const values = {
    season: league.seasonId,
    name: league.settings.name?.trim() || `ESPN league ${leagueId}`,
    espnS2Enc: credentials ? tokenCipher.encrypt(credentials.espnS2, userId) : null,
    swidEnc: credentials ? tokenCipher.encrypt(credentials.swid, userId) : null,
    updatedAt: new Date(),
  };
  await deps.database.db
    .insert(espnLeagues)
    .values({ userId, leagueId, ...values })
    .onConflictDoUpdate({ target: [espnLeagues.userId, espnLeagues.leagueId], set: values });
  await deps.sessionCache.forgetUser(userId); // hasLinkedLeagues changed
  // League pages join ESPN players to projections through Sleeper ids: link ours now.
  void deps.sleeperIds.link();
  return league;
}

async function readLinkableLeague(
  deps: AppDeps,
  leagueId: string,
  season: number | undefined,
  credentials: EspnCredentials | undefined,
): Promise<EspnLeague> {
  const read = (year: number) =>
    deps.leagues.espn.getLeague({ leagueId, season: year, credentials, isSummaryOnly: true });
  if (season !== undefined) return read(season);
  const current = Number(await currentNflSeason(deps));
  try {
    return await read(current);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ESPN_LEAGUE_NOT_FOUND') throw error;
    return read(current - 1);
  }
}

/** Forgets a linked league and its cookies; unlinking what is not linked is a no-op. */
export async function unlinkEspnLeague(deps: AppDeps, userId: string, leagueId: string): Promise<void> {
  await deps.database.db
    .delete(espnLeagues)
    .where(and(eq(espnLeagues.userId, userId), eq(espnLeagues.leagueId, leagueId.trim())));
  await deps.sessionCache.forgetUser(userId); // hasLinkedLeagues changed
}

/**
 * The user's linked ESPN leagues as they stand in `season` (one call each, for the whole league: the league
 * cards shown with the list read the same answer instead of asking ESPN again). A league that did
 * not exist that season is left out; when some fail otherwise the others are still answered, and
 * only when every one fails is the first failure thrown.
 */
export async function listEspnLeagues(deps: AppDeps, userId: string, season: number): Promise<AppLeague[]> {
  const rows = await listEspnLeagueRows(deps, userId);
  const outcomes = await Promise.allSettled(
    rows.map((row) =>
      deps.leagues.espn.getLeague({
        leagueId: row.leagueId,
        season,
        credentials: readEspnCredentials(deps, row),
      }),
    ),
  );
  const leagues: AppLeague[] = [];
  const failures: unknown[] = [];
  for (const outcome of outcomes) {
    if (outcome.status === 'fulfilled') leagues.push(toAppLeague(outcome.value));
    else if ((outcome.reason as { code?: string }).code !== 'ESPN_LEAGUE_NOT_FOUND')
      failures.push(outcome.reason);
  }
  for (const failure of failures) deps.log.warn({ err: failure }, 'could not read a linked ESPN league');
  if (leagues.length === 0 && failures.length > 0) throw failures[0];
  return leagues;
}
