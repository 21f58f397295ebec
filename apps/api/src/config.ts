import { createECDH, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import os from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Thrown for invalid configuration; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const urlWithProtocols = (protocols: string[]) =>
  optionalString.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

/** More simulation threads than this only add memory: the engine is CPU-bound. */
const MAX_SIMULATION_WORKERS = 64;

/**
 * One simulation thread per core, less the one the main thread (HTTP, sessions, answers) needs;
 * at least one. Several API processes on one machine should each get a share (SIMULATION_WORKERS).
 */
export function defaultSimulationWorkers(cores = os.availableParallelism()): number {
  return Math.max(1, cores - 1);
}

/** A blank variable counts as unset, so it takes the default. */
const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

interface WholeNumberBounds {
  /** What the number counts, as in "must be a whole number of …". */
  of: string;
  min: number;
  max: number;
  /** The bounds in the setting's own words, where "must be at least/at most N" would say less. */
  tooSmall?: string;
  tooLarge?: string;
}

/** A whole number from min to max, each refusal saying which rule the value broke. */
function wholeNumber(bounds: WholeNumberBounds) {
  const notWhole = { message: `must be a whole number of ${bounds.of}` };
  return z.coerce
    .number(notWhole)
    .int(notWhole)
    .min(bounds.min, { message: bounds.tooSmall ?? `must be at least ${bounds.min}` })
    .max(bounds.max, { message: bounds.tooLarge ?? `must be at most ${bounds.max}` });
}

/**
 * Live-update streams one client address may hold open: a person has a few tabs, a household or an
 * office behind one address a few people; past that it is one client hoarding connections
 * (each holds ~20 KB and a socket for as long as it likes).
 */
export const DEFAULT_LIVE_STREAMS_PER_ADDRESS = 20;
/**
 * Live-update streams one process holds in all: ~20 KB and a socket each (bench:stack), so 12,000 stay
 * near 250 MB, above the 10,000 the deployment benchmark opens on one process; further clients reconnect
 * to another process.
 */
export const DEFAULT_LIVE_STREAMS_PER_PROCESS = 12_000;
/**
 * Projections lists one client may read a minute: a person paging and filtering asks a few a minute;
 * a script copying every week and page stops here.
 */
export const DEFAULT_PROJECTION_LISTS_PER_MINUTE = 120;
/** An IPv6 home or office connection is handed a /64: every address in it is one client (CLIENT_IPV6_PREFIX). */
export const DEFAULT_CLIENT_IPV6_PREFIX = 64;
/**
 * Time a client has to send a whole request (headers and body), in seconds: a 10 MB admin upload
 * needs under 2 Mbit/s; a request trickled byte by byte holds a connection and its memory, so it is
 * cut (Node checks every few seconds, so it ends within 60 s).
 */
export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 45;

/** An upstream's call budget for the whole product, per minute. */
const callsPerMinute = (fallback: number) =>
  z.preprocess(blankAsUnset, wholeNumber({ of: 'calls', min: 1, max: 100_000 }).default(fallback));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  APP_URL: urlWithProtocols(['http:', 'https:']),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']),
  DATABASE_DIRECT_URL: urlWithProtocols(['postgres:', 'postgresql:']),
  MONGODB_URL: urlWithProtocols(['mongodb:', 'mongodb+srv:']),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:']),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().trim().min(3).default('Fantasy Matchup <no-reply@localhost>'),
  SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  ADMIN_EMAIL: optionalString.pipe(z.email({ message: 'must be an e-mail address' }).optional()),
  ADMIN_PASSWORD: optionalString,
  SLEEPER_API_URL: urlWithProtocols(['http:', 'https:']).transform((v) => v ?? 'https://api.sleeper.app'),
  YAHOO_CLIENT_ID: optionalString,
  YAHOO_CLIENT_SECRET: optionalString,
  YAHOO_AUTH_URL: urlWithProtocols(['http:', 'https:']).transform((v) => v ?? 'https://api.login.yahoo.com'),
  YAHOO_API_URL: urlWithProtocols(['http:', 'https:']).transform(
    (v) => v ?? 'https://fantasysports.yahooapis.com',
  ),
  ESPN_API_URL: urlWithProtocols(['http:', 'https:']).transform(
    (v) => v ?? 'https://lm-api-reads.fantasy.espn.com',
  ),
  NFL_DATA_DIR: optionalString,
  DATA_SYNC_MINUTES: z.preprocess(
    blankAsUnset,
    wholeNumber({
      of: 'minutes (0 turns the sync off)',
      min: 0,
      tooSmall: 'must be 0 (off) or more minutes',
      max: 7 * 24 * 60,
      tooLarge: 'must be at most a week (10080 minutes)',
    }).default(60),
  ),
  LIVE_SYNC_SECONDS: z.preprocess(
    blankAsUnset,
    wholeNumber({
      of: 'seconds (0 turns live scores off)',
      min: 0,
      tooSmall: 'must be 0 (off) or more seconds',
      max: 3_600,
      tooLarge: 'must be at most an hour (3600 seconds)',
    })
      .refine((seconds) => seconds === 0 || seconds >= 10, {
        message: 'must be 0 (off) or at least 10 seconds',
      })
      .default(60),
  ),
  NFL_SCOREBOARD_URL: urlWithProtocols(['http:', 'https:']).transform(
    (v) => v ?? 'https://site.api.espn.com/apis/site/v2/sports/football/nfl/scoreboard',
  ),
  // Sleeper blocks callers above about 1,000 calls a minute; staying well under keeps us unblocked.
  SLEEPER_CALLS_PER_MINUTE: callsPerMinute(600),
  // ESPN refuses callers above about 1,000 calls a minute; the same margin as for Sleeper.
  ESPN_CALLS_PER_MINUTE: callsPerMinute(900),
  // Yahoo's Fantasy API throttles an app at a few thousand calls an hour; a tenth of that a minute stays under.
  YAHOO_CALLS_PER_MINUTE: callsPerMinute(300),
  PROJECTION_LISTS_PER_MINUTE: z.preprocess(
    blankAsUnset,
    wholeNumber({ of: 'requests', min: 1, max: 1_000_000 }).default(DEFAULT_PROJECTION_LISTS_PER_MINUTE),
  ),
  LIVE_STREAMS_PER_ADDRESS: z.preprocess(
    blankAsUnset,
    wholeNumber({ of: 'streams', min: 1, max: 1_000_000 }).default(DEFAULT_LIVE_STREAMS_PER_ADDRESS),
  ),
  LIVE_STREAMS_PER_PROCESS: z.preprocess(
    blankAsUnset,
    wholeNumber({ of: 'streams', min: 1, max: 1_000_000 }).default(DEFAULT_LIVE_STREAMS_PER_PROCESS),
  ),
  CLIENT_IPV6_PREFIX: z.preprocess(
    blankAsUnset,
    wholeNumber({ of: 'bits', min: 16, max: 128 }).default(DEFAULT_CLIENT_IPV6_PREFIX),
  ),
  REQUEST_TIMEOUT_SECONDS: z.preprocess(
    blankAsUnset,
    wholeNumber({ of: 'seconds', min: 1, max: 60 }).default(DEFAULT_REQUEST_TIMEOUT_SECONDS),
  ),
  SIMULATION_WORKERS: z.preprocess(
    blankAsUnset,
    wholeNumber({ of: 'threads', min: 1, max: MAX_SIMULATION_WORKERS }).optional(),
  ),
  SESSION_CACHE_SECONDS: z.preprocess(
    blankAsUnset,
    wholeNumber({
      of: 'seconds (0 turns the cache off)',
      min: 0,
      tooSmall: 'must be 0 (off) or more seconds',
      max: 60,
      tooLarge: 'must be at most 60 seconds',
    }).default(5),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString.refine((v) => v === undefined || /^(mailto:|https:\/\/)/.test(v), {
    message: 'must be a mailto: or https: URL',
  }),
  PUSH_ENDPOINT_ALLOW: optionalString.transform((value, context) => {
    const origins = parsePushEndpointAllow(value ?? DEFAULT_PUSH_ENDPOINT_ALLOW);
    if (origins === null) {
      context.addIssue({
        code: 'custom',
        message: 'must be a comma-separated list of origins such as https://fcm.googleapis.com',
      });
      return z.NEVER;
    }
    return origins;
  }),
  TRUST_PROXY: optionalString.transform((value, context) => {
    const trusted = parseTrustProxy(value);
    if (trusted === null) {
      context.addIssue({
        code: 'custom',
        message: 'must be a number of proxy hops (1–10) or a comma-separated list of IP addresses or CIDRs',
      });
      return z.NEVER;
    }
    return trusted;
  }),
});

/**
 * The browsers' push services (Chrome and Edge on Android, Firefox, Safari, Edge on Windows): a push subscription's
 * endpoint must be on one of these, so the server never posts to an address a user typed.
 */
export const DEFAULT_PUSH_ENDPOINT_ALLOW =
  'https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://web.push.apple.com,https://*.notify.windows.com';

/**
 * `PUSH_ENDPOINT_ALLOW`: origins (a leading `*.` in the host allows its subdomains), null when one is not an
 * origin. An http origin is allowed only when named (a local test push service).
 */
export function parsePushEndpointAllow(value: string): string[] | null {
  const origins = value
    .split(',')
    .map((entry) => entry.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  if (origins.length === 0) return null;
  const isOrigin = (entry: string) => {
    try {
      const url = new URL(entry.replace('://*.', '://wildcard.'));
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' && !url.search;
    } catch {
      return false;
    }
  };
  return origins.every(isOrigin) ? origins : null;
}

/**
 * `TRUST_PROXY`: the reverse proxies whose X-Forwarded-For is believed, as Fastify's `trustProxy`
 * takes them: false (unset: the socket's address is the client's), a hop count, or addresses and
 * CIDRs. Null when the value is neither.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] | null {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? hops : null;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrCidr) ? entries : null;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (version === 4 ? 32 : 128);
}

export interface Config {
  port: number;
  host: string;
  appUrl: string;
  /** True when APP_URL is https: cookies get the Secure flag. */
  isSecureOrigin: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL without the transaction-mode pooler that DATABASE_URL goes through (DATABASE_DIRECT_URL):
   * migrations, LISTEN/NOTIFY and advisory locks. Unset: DATABASE_URL is direct and serves for all.
   */
  databaseDirectUrl: string | undefined;
  mongodbUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string;
  admin: { email: string; password: string } | undefined;
  sleeperApiUrl: string;
  /** Calls per minute to SLEEPER_API_URL for the whole product (shared through Redis when set). */
  sleeperCallsPerMinute: number;
  yahoo: { clientId: string | undefined; clientSecret: string | undefined; authUrl: string; apiUrl: string };
  /** Calls per minute to YAHOO_API_URL for the whole product (shared through Redis when set). */
  yahooCallsPerMinute: number;
  /** Projections lists (public or signed in) one client may read a minute (PROJECTION_LISTS_PER_MINUTE). */
  projectionListsPerMinute: number;
  /** ESPN Fantasy's league API (ESPN_API_URL), or a compatible service. */
  espnApiUrl: string;
  /** Calls per minute to ESPN_API_URL for the whole product (shared through Redis when set). */
  espnCallsPerMinute: number;
  nflDataDir: string | undefined;
  /** Minutes between syncs of the current season from SLEEPER_API_URL; 0 = never. */
  dataSyncMinutes: number;
  /** While a game of the current week is in progress, its stats are refreshed this often; 0 = never. */
  liveSyncSeconds: number;
  /** ESPN-compatible NFL scoreboard: each game's state and clock. */
  nflScoreboardUrl: string;
  /** Open live-update streams (server-sent events) allowed per client address, and per process. */
  liveStreamsPerAddress: number;
  liveStreamsPerProcess: number;
  /** IPv6 addresses sharing this many leading bits are one client to every per-address limit (CLIENT_IPV6_PREFIX). */
  clientIpv6Prefix: number;
  /** Seconds a client has to send a whole request, headers and body (REQUEST_TIMEOUT_SECONDS). */
  requestTimeoutSeconds: number;
  /** Worker threads of this process's simulation pool. */
  simulationWorkers: number;
  /** How long a process remembers a session it looked up (revocation clears it at once); 0 = off. */
  sessionCacheSeconds: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Reverse proxies whose X-Forwarded-For names the client (TRUST_PROXY); false = none. */
  trustProxy: false | number | string[];
  /** Web Push signing (RFC 8292): base64url keys, and the contact push services may use. */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Origins push subscriptions' endpoints may be on (PUSH_ENDPOINT_ALLOW). */
  pushEndpointAllow: string[];
}

/**
 * Parses the environment once. Throws ConfigError with one line naming the first bad variable.
 * `SESSION_SECRET`, when unset, is generated once and kept in DATA_DIR.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid configuration: ${variable} ${issue.message} (got "${env[variable] ?? ''}")`,
    );
  }
  const e = parsed.data;
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (e.DATABASE_DIRECT_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_DIRECT_URL needs DATABASE_URL (the pooled URL) too',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl,
    isSecureOrigin: appUrl.startsWith('https:'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    mongodbUrl: e.MONGODB_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    sleeperApiUrl: e.SLEEPER_API_URL.replace(/\/+$/, ''),
    sleeperCallsPerMinute: e.SLEEPER_CALLS_PER_MINUTE,
    yahoo: {
      clientId: e.YAHOO_CLIENT_ID,
      clientSecret: e.YAHOO_CLIENT_SECRET,
      authUrl: e.YAHOO_AUTH_URL.replace(/\/+$/, ''),
      apiUrl: e.YAHOO_API_URL.replace(/\/+$/, ''),
    },
    yahooCallsPerMinute: e.YAHOO_CALLS_PER_MINUTE,
    projectionListsPerMinute: e.PROJECTION_LISTS_PER_MINUTE,
    espnApiUrl: e.ESPN_API_URL.replace(/\/+$/, ''),
    espnCallsPerMinute: e.ESPN_CALLS_PER_MINUTE,
    nflDataDir: e.NFL_DATA_DIR ? path.resolve(e.NFL_DATA_DIR) : undefined,
    dataSyncMinutes: e.DATA_SYNC_MINUTES,
    liveSyncSeconds: e.LIVE_SYNC_SECONDS,
    nflScoreboardUrl: e.NFL_SCOREBOARD_URL,
    liveStreamsPerAddress: e.LIVE_STREAMS_PER_ADDRESS,
    liveStreamsPerProcess: e.LIVE_STREAMS_PER_PROCESS,
    clientIpv6Prefix: e.CLIENT_IPV6_PREFIX,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    simulationWorkers: e.SIMULATION_WORKERS ?? defaultSimulationWorkers(),
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    vapid: {
      ...vapidKeys(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, dataDir),
      subject: e.VAPID_SUBJECT ?? vapidSubjectOf(e.MAIL_FROM, appUrl),
    },
    pushEndpointAllow: e.PUSH_ENDPOINT_ALLOW,
  };
}

/** The VAPID keys: both from the environment, or generated once and kept in DATA_DIR. */
function vapidKeys(
  publicKey: string | undefined,
  privateKey: string | undefined,
  dataDir: string,
): { publicKey: string; privateKey: string } {
  if (publicKey && privateKey) {
    if (!/^[A-Za-z0-9_-]{86,88}$/.test(publicKey) || !/^[A-Za-z0-9_-]{42,44}$/.test(privateKey)) {
      throw new ConfigError(
        'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be base64url P-256 keys (npx web-push generate-vapid-keys)',
      );
    }
    return { publicKey, privateKey };
  }
  if (publicKey || privateKey) {
    throw new ConfigError(
      'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    );
  }
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** Push services contact the sender through this: the mail sender's address, else the site. */
function vapidSubjectOf(mailFrom: string, appUrl: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  if (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) return `mailto:${address}`;
  return appUrl.startsWith('https:') ? appUrl : 'mailto:admin@example.com';
}

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
