import type { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import { TtlCache } from '../../integrations/cache.js';
import { createUpstreamBudget, type UpstreamBudget } from '../../integrations/upstream-budget.js';
import { EspnClient } from '../../integrations/espn/client.js';
import { SleeperClient } from '../../integrations/sleeper/client.js';
import { YahooOAuth } from '../../integrations/yahoo/oauth.js';
import { createTokenCipher, type TokenCipher } from '../../integrations/yahoo/token-crypto.js';
import { createLastHeldStore, type LastHeldStore } from './last-held.js';
import { LEAGUE_SCORING_MAX_ENTRIES, type LinkedLeagueScoring } from './league-scoring.js';

/** Where Yahoo sends the browser back after consent (must match the Yahoo app's redirect URI). */
export const YAHOO_CALLBACK_PATH = '/api/leagues/yahoo/callback';

/** The fantasy-platform clients the league services use, created once at start-up. */
export interface LeagueClients {
  /** The public Sleeper API at SLEEPER_API_URL, with one cache shared by every request. */
  sleeper: SleeperClient;
  /** That cache: answers are reused until they expire (clearing it makes the next request ask Sleeper). */
  sleeperCache: TtlCache;
  /** The Sleeper player directory, kept apart from per-league answers (fetched at most once a day). */
  playerDirectoryCache: TtlCache;
  /** Calls per minute to Sleeper (SLEEPER_CALLS_PER_MINUTE), shared by the league pages and the sync. */
  sleeperBudget: UpstreamBudget;
  /** ESPN's league API at ESPN_API_URL. */
  espn: EspnClient;
  /** Its whole-league answers, reused for a few seconds (clearing it makes the next request ask ESPN). */
  espnLeagueCache: TtlCache;
  /** Calls per minute to ESPN (ESPN_CALLS_PER_MINUTE), shared by the league pages and the sync. */
  espnBudget: UpstreamBudget;
  /** Calls per minute to Yahoo's Fantasy API (YAHOO_CALLS_PER_MINUTE), shared by every linked user. */
  yahooBudget: UpstreamBudget;
  /** Yahoo OAuth at YAHOO_AUTH_URL; `isConfigured` is false without YAHOO_CLIENT_ID/SECRET. */
  yahooOAuth: YahooOAuth;
  /** Encrypts Yahoo tokens at rest under a key derived from SESSION_SECRET. */
  tokenCipher: TokenCipher;
  /** The last answer of each league page, shown while its platform is down. */
  lastHeld: LastHeldStore;
  /** Each linked league's own scoring rules, per user and league, held a few minutes (league-scoring.ts). */
  leagueScoringCache: TtlCache<LinkedLeagueScoring>;
}

export function yahooRedirectUri(config: Pick<Config, 'appUrl'>): string {
  return `${config.appUrl}${YAHOO_CALLBACK_PATH}`;
}

export function createLeagueClients(
  config: Config,
  options: { redis?: Redis | undefined } = {},
): LeagueClients {
  const sleeperCache = new TtlCache();
  const playerDirectoryCache = new TtlCache({ maxEntries: 2 });
  const espnLeagueCache = new TtlCache();
  const sleeperBudget = createUpstreamBudget({
    service: 'sleeper',
    label: 'Sleeper',
    callsPerMinute: config.sleeperCallsPerMinute,
    redis: options.redis,
  });
  const espnBudget = createUpstreamBudget({
    service: 'espn',
    label: 'ESPN',
    callsPerMinute: config.espnCallsPerMinute,
    redis: options.redis,
  });
  const yahooBudget = createUpstreamBudget({
    service: 'yahoo',
    label: 'Yahoo',
    callsPerMinute: config.yahooCallsPerMinute,
    redis: options.redis,
  });
  return {
    sleeper: new SleeperClient({
      baseUrl: config.sleeperApiUrl,
      cache: sleeperCache,
      directoryCache: playerDirectoryCache,
      budget: sleeperBudget,
    }),
    sleeperCache,
    playerDirectoryCache,
    sleeperBudget,
    espn: new EspnClient({ baseUrl: config.espnApiUrl, budget: espnBudget, leagueCache: espnLeagueCache }),
    espnLeagueCache,
    espnBudget,
    yahooBudget,
    yahooOAuth: new YahooOAuth({
      clientId: config.yahoo.clientId,
      clientSecret: config.yahoo.clientSecret,
      authUrl: config.yahoo.authUrl,
      redirectUri: yahooRedirectUri(config),
    }),
    tokenCipher: createTokenCipher(config.sessionSecret),
    lastHeld: createLastHeldStore(),
    leagueScoringCache: new TtlCache<LinkedLeagueScoring>({ maxEntries: LEAGUE_SCORING_MAX_ENTRIES }),
  };
}
