import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { leagueConnections } from '@fm/db';
import { countLinkAttempt } from './link-limit.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { YahooTokenSet } from '../../integrations/yahoo/oauth.js';

/** The consent page must be completed within this long after the link was asked for. */
export const YAHOO_STATE_TTL_MS = 15 * 60_000;
/** Domain separation: the session secret also signs cookies and CSRF tokens. */
const STATE_KEY_LABEL = 'fantasy-matchup/yahoo-oauth-state';
/** Stored when Yahoo's token answer carries no GUID (the openid variant). */
const UNKNOWN_YAHOO_GUID = 'unknown';

export const yahooStateInvalid = () =>
  new AppError(
    'YAHOO_STATE_INVALID',
    'The Yahoo link request expired or was not yours. Please try again.',
    400,
  );

interface StatePayload {
  /** The app user the link is for. */
  u: string;
  /** Expiry, epoch ms. */
  e: number;
  /** Makes every state unique. */
  n: string;
}

function sign(secret: string, body: string): string {
  const key = createHmac('sha256', secret).update(STATE_KEY_LABEL).digest();
  return createHmac('sha256', key).update(body).digest('base64url');
}

/** `body.signature`, where body is the base64url JSON of who and until when. */
export function createYahooState(secret: string, userId: string, now = Date.now()): string {
  const payload: StatePayload = {
    u: userId,
    e: now + YAHOO_STATE_TTL_MS,
    n: randomBytes(12).toString('base64url'),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** The user id a state was made for; YAHOO_STATE_INVALID when forged, altered or expired. */
export function readYahooState(secret: string, state: string | undefined, now = Date.now()): string {
  const [body, signature, ...rest] = (state ?? '').split('.');
  if (!body || !signature || rest.length > 0) throw yahooStateInvalid();
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw yahooStateInvalid();
  let payload: Partial<StatePayload>;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<StatePayload>;
  } catch {
    throw yahooStateInvalid();
  }
  if (typeof payload.u !== 'string' || typeof payload.e !== 'number' || payload.e < now)
    throw yahooStateInvalid();
  return payload.u;
}

/** The Yahoo consent URL for this user (503 YAHOO_NOT_CONFIGURED without a Yahoo app). */
export function createYahooAuthUrl(deps: AppDeps, userId: string): { url: string } {
  deps.leagues.yahooOAuth.assertConfigured();
  return {
    url: deps.leagues.yahooOAuth.buildAuthorizeUrl(createYahooState(deps.config.sessionSecret, userId)),
  };
}

export interface YahooCallback {
  code: string | undefined;
  state: string | undefined;
  /** Yahoo's `error` parameter when the person declined. */
  error: string | undefined;
  /** The signed-in user of the browser that came back, if any. */
  sessionUserId: string | undefined;
}

/**
 * Finishes the OAuth round trip: the state must be ours, unexpired, and made for the user whose
 * browser came back (so nobody can attach their Yahoo account to someone else's session);
 * the code is exchanged and the tokens are stored encrypted, bound to the user id.
 */
export async function completeYahooLink(deps: AppDeps, callback: YahooCallback): Promise<void> {
  if (callback.error) {
    throw new AppError('YAHOO_AUTH_DECLINED', 'Yahoo linking was cancelled.', 400);
  }
  const userId = readYahooState(deps.config.sessionSecret, callback.state);
  if (callback.sessionUserId !== userId) throw yahooStateInvalid();
  if (!callback.code)
    throw new AppError('YAHOO_AUTH_FAILED', 'Yahoo did not send an authorization code.', 400);
  await countLinkAttempt(deps, userId);
  const tokens = await deps.leagues.yahooOAuth.exchangeCode(callback.code);
  await saveYahooTokens(deps, userId, tokens);
  // Yahoo players reach projections through Sleeper ids: link them before a league page asks.
  void deps.sleeperIds.link();
}

/** Inserts or replaces the user's Yahoo link with these tokens (encrypted, bound to the user id). */
export async function saveYahooTokens(deps: AppDeps, userId: string, tokens: YahooTokenSet): Promise<void> {
  const { tokenCipher } = deps.leagues;
  const values = {
    externalUserId: tokens.yahooGuid ?? UNKNOWN_YAHOO_GUID,
    accessTokenEnc: tokenCipher.encrypt(tokens.accessToken, userId),
    refreshTokenEnc: tokenCipher.encrypt(tokens.refreshToken, userId),
    tokenExpiresAt: new Date(tokens.expiresAt),
    updatedAt: new Date(),
  };
  await deps.database.db
    .insert(leagueConnections)
    .values({ userId, platform: 'yahoo', ...values })
    .onConflictDoUpdate({ target: [leagueConnections.userId, leagueConnections.platform], set: values });
  await deps.sessionCache.forgetUser(userId); // hasLinkedLeagues changed
}
