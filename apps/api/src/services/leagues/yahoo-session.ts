import type { AppDeps } from '../../deps.js';
import { YahooFantasyClient } from '../../integrations/yahoo/client.js';
import { yahooRelinkRequired, type YahooTokenSet } from '../../integrations/yahoo/oauth.js';
import type { LeagueConnectionRow } from './connections.js';
import { saveYahooTokens } from './yahoo-link.js';

/** The stored tokens of a Yahoo link, decrypted (YAHOO_TOKEN_UNREADABLE when they cannot be). */
export function readYahooTokens(deps: AppDeps, connection: LeagueConnectionRow): YahooTokenSet {
  const { accessTokenEnc, refreshTokenEnc, tokenExpiresAt, userId } = connection;
  if (!accessTokenEnc || !refreshTokenEnc) throw yahooRelinkRequired();
  const { tokenCipher } = deps.leagues;
  return {
    accessToken: tokenCipher.decrypt(accessTokenEnc, userId),
    refreshToken: tokenCipher.decrypt(refreshTokenEnc, userId),
    expiresAt: tokenExpiresAt?.getTime() ?? 0,
    yahooGuid: connection.externalUserId === 'unknown' ? null : connection.externalUserId,
  };
}

/**
 * A Fantasy API client acting for this link. Refreshed tokens are written back at once, so the
 * next request (or another server process) uses them.
 */
export function yahooClientFor(
  deps: AppDeps,
  connection: LeagueConnectionRow,
  sleeperIdByYahooId?: ReadonlyMap<string, string>,
): YahooFantasyClient {
  deps.leagues.yahooOAuth.assertConfigured();
  return new YahooFantasyClient({
    apiUrl: deps.config.yahoo.apiUrl,
    oauth: deps.leagues.yahooOAuth,
    tokens: readYahooTokens(deps, connection),
    budget: deps.leagues.yahooBudget,
    onTokensRefreshed: (tokens) => saveYahooTokens(deps, connection.userId, tokens),
    ...(sleeperIdByYahooId ? { sleeperIdByYahooId } : {}),
  });
}
