import { PLATFORMS, SCORING_FORMATS } from '@fm/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    isDisabled: boolean('is_disabled').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    signupIp: text('signup_ip'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The scoring the person chose in their preferences (projections answer in it by default); null: never said. */
    scoringFormat: text('scoring_format', { enum: SCORING_FORMATS }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

/** Server-side sessions. A revoked row is kept (with its reason) so the client can be told why. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    isPersistent: boolean('is_persistent').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['verify-email', 'reset-password', 'change-email', 'cancel-email-change', 'undo-email-change'],
    }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /**
     * For 'change-email': the address the account moves to once the link is followed; for
     * 'undo-email-change': the address it goes back to.
     */
    newEmail: text('new_email'),
    /** A digest of the password the link was issued under: a link is refused once the password has moved. */
    passwordStamp: text('password_stamp'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_key').on(t.tokenHash)],
);

export const leagueConnections = pgTable(
  'league_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: PLATFORMS }).notNull(),
    externalUserId: text('external_user_id').notNull(),
    username: text('username'),
    displayName: text('display_name'),
    avatar: text('avatar'),
    /** AES-256-GCM ciphertexts (Yahoo OAuth); never returned by the API. */
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('league_connections_user_platform_key').on(t.userId, t.platform)],
);

/**
 * ESPN leagues a user linked by id (ESPN has no "my leagues" list). A private league's browser cookies
 * are AES-256-GCM ciphertexts, never returned by the API.
 */
export const espnLeagues = pgTable(
  'espn_leagues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leagueId: text('league_id').notNull(),
    /** The season it was last read for, and its name then. */
    season: integer('season').notNull(),
    name: text('name').notNull(),
    espnS2Enc: text('espn_s2_enc'),
    swidEnc: text('swid_enc'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('espn_leagues_user_league_key').on(t.userId, t.leagueId)],
);

export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    nflId: text('nfl_id'),
    sleeperId: text('sleeper_id'),
    fullName: text('full_name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Lower-case, punctuation- and suffix-free name used to match across sources. */
    searchName: text('search_name').notNull(),
    position: text('position').notNull(),
    team: text('team').notNull().default('FA'),
    isActive: boolean('is_active').notNull().default(true),
    injuryStatus: text('injury_status'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('players_nfl_id_key').on(t.nflId),
    uniqueIndex('players_sleeper_id_key').on(t.sleeperId),
    index('players_search_idx').on(t.searchName, t.position),
  ],
);

/** One row per player (or team defense) and game: every stat column, typed. */
export const playerWeekStats = pgTable(
  'player_week_stats',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    season: integer('season').notNull(),
    week: integer('week').notNull(),
    team: text('team').notNull(),
    opponent: text('opponent').notNull(),
    isHome: boolean('is_home').notNull(),
    passYd: doublePrecision('pass_yd').notNull().default(0),
    passTd: doublePrecision('pass_td').notNull().default(0),
    passInt: doublePrecision('pass_int').notNull().default(0),
    rushYd: doublePrecision('rush_yd').notNull().default(0),
    rushTd: doublePrecision('rush_td').notNull().default(0),
    rec: doublePrecision('rec').notNull().default(0),
    recYd: doublePrecision('rec_yd').notNull().default(0),
    recTd: doublePrecision('rec_td').notNull().default(0),
    retTd: doublePrecision('ret_td').notNull().default(0),
    fumTd: doublePrecision('fum_td').notNull().default(0),
    twoPt: doublePrecision('two_pt').notNull().default(0),
    fumLost: doublePrecision('fum_lost').notNull().default(0),
    carries: doublePrecision('carries').notNull().default(0),
    touches: doublePrecision('touches').notNull().default(0),
    targets: doublePrecision('targets').notNull().default(0),
    receptionPct: doublePrecision('reception_pct'),
    rzTargets: doublePrecision('rz_targets').notNull().default(0),
    rzTouches: doublePrecision('rz_touches').notNull().default(0),
    rzG2g: doublePrecision('rz_g2g').notNull().default(0),
    patMade: doublePrecision('pat_made').notNull().default(0),
    patMissed: doublePrecision('pat_missed').notNull().default(0),
    fgMade0_19: doublePrecision('fg_made_0_19').notNull().default(0),
    fgMade20_29: doublePrecision('fg_made_20_29').notNull().default(0),
    fgMade30_39: doublePrecision('fg_made_30_39').notNull().default(0),
    fgMade40_49: doublePrecision('fg_made_40_49').notNull().default(0),
    fgMade50: doublePrecision('fg_made_50').notNull().default(0),
    fgMiss0_19: doublePrecision('fg_miss_0_19').notNull().default(0),
    fgMiss20_29: doublePrecision('fg_miss_20_29').notNull().default(0),
    fgMiss30_39: doublePrecision('fg_miss_30_39').notNull().default(0),
    fgMiss40_49: doublePrecision('fg_miss_40_49').notNull().default(0),
    fgMiss50: doublePrecision('fg_miss_50').notNull().default(0),
    /** Team defense (position DEF) lines: the defense's plays and the opponent's points and yards. */
    defSack: doublePrecision('def_sack').notNull().default(0),
    defInt: doublePrecision('def_int').notNull().default(0),
    defFumRec: doublePrecision('def_fum_rec').notNull().default(0),
    defTd: doublePrecision('def_td').notNull().default(0),
    defStTd: doublePrecision('def_st_td').notNull().default(0),
    defSafety: doublePrecision('def_safety').notNull().default(0),
    defBlockedKick: doublePrecision('def_blocked_kick').notNull().default(0),
    defForcedFumble: doublePrecision('def_forced_fumble').notNull().default(0),
    defStForcedFumble: doublePrecision('def_st_forced_fumble').notNull().default(0),
    defStFumRec: doublePrecision('def_st_fum_rec').notNull().default(0),
    ptsAllowed: doublePrecision('pts_allowed').notNull().default(0),
    ydsAllowed: doublePrecision('yds_allowed').notNull().default(0),
    /** Figures only some leagues score (first downs, long TDs, return yards, 60+ yard kicks…). */
    passAtt: doublePrecision('pass_att').notNull().default(0),
    passCmp: doublePrecision('pass_cmp').notNull().default(0),
    passFd: doublePrecision('pass_fd').notNull().default(0),
    rushFd: doublePrecision('rush_fd').notNull().default(0),
    recFd: doublePrecision('rec_fd').notNull().default(0),
    passTd40p: doublePrecision('pass_td_40p').notNull().default(0),
    passTd50p: doublePrecision('pass_td_50p').notNull().default(0),
    rushTd40p: doublePrecision('rush_td_40p').notNull().default(0),
    rushTd50p: doublePrecision('rush_td_50p').notNull().default(0),
    recTd40p: doublePrecision('rec_td_40p').notNull().default(0),
    recTd50p: doublePrecision('rec_td_50p').notNull().default(0),
    krYd: doublePrecision('kr_yd').notNull().default(0),
    prYd: doublePrecision('pr_yd').notNull().default(0),
    stFumRec: doublePrecision('st_fum_rec').notNull().default(0),
    stForcedFumble: doublePrecision('st_forced_fumble').notNull().default(0),
    fgMade60: doublePrecision('fg_made_60').notNull().default(0),
    fgMiss60: doublePrecision('fg_miss_60').notNull().default(0),
    fgMadeYd: doublePrecision('fg_made_yd').notNull().default(0),
    /** Columns an import may supply beyond NFL.com's (air yards, routes…); absent otherwise. */
    extra: jsonb('extra').$type<Record<string, number>>(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.season, t.week] }),
    index('player_week_stats_season_week_idx').on(t.season, t.week),
  ],
);

export const projections = pgTable(
  'projections',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    season: integer('season').notNull(),
    week: integer('week').notNull(),
    /** 'model' (ours), 'nflcom' (NFL.com's published projection) or 'import' (admin CSV). */
    source: text('source').notNull(),
    modelVersion: text('model_version'),
    team: text('team').notNull(),
    opponent: text('opponent'),
    predMean: doublePrecision('pred_mean').notNull(),
    predStd: doublePrecision('pred_std').notNull(),
    p10: doublePrecision('p10'),
    p50: doublePrecision('p50'),
    p90: doublePrecision('p90'),
    /** Projected stat line, keyed like player_week_stats columns. */
    stats: jsonb('stats').$type<Record<string, number>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('projections_player_week_source_key').on(t.playerId, t.season, t.week, t.source),
    index('projections_season_week_idx').on(t.season, t.week, t.source),
  ],
);

/**
 * The NFL schedule as the data sync learns it, one row per game: from the upstream's schedule when
 * it publishes one, else paired from the week's team stats once played (venue then unknown).
 */
export const nflGames = pgTable(
  'nfl_games',
  {
    season: integer('season').notNull(),
    week: integer('week').notNull(),
    homeTeam: text('home_team').notNull(),
    awayTeam: text('away_team').notNull(),
    /** False when the pairing was derived from stats: which side was at home is not known. */
    isVenueKnown: boolean('is_venue_known').notNull().default(true),
    kickoffAt: timestamp('kickoff_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.season, t.week, t.homeTeam] }),
    uniqueIndex('nfl_games_away_key').on(t.season, t.week, t.awayTeam),
  ],
);

export const simulations = pgTable(
  'simulations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull().default('matchup'),
    platform: text('platform'),
    leagueId: text('league_id'),
    iterations: integer('iterations').notNull(),
    durationMs: doublePrecision('duration_ms').notNull(),
    winProbability: doublePrecision('win_probability'),
    predictedScoreDifference: doublePrecision('predicted_score_difference'),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('simulations_created_idx').on(t.createdAt)],
);

export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['active', 'acknowledged', 'resolved'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('alerts_type_status_idx').on(t.type, t.status)],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    userId: uuid('user_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_events_type_created_idx').on(t.type, t.createdAt)],
);

export const errorEvents = pgTable(
  'error_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    category: text('category').notNull(),
    statusCode: integer('status_code').notNull(),
    message: text('message').notNull(),
    endpoint: text('endpoint').notNull(),
    method: text('method'),
    createdAt: createdAt(),
  },
  (t) => [index('error_events_created_idx').on(t.createdAt)],
);

/** Small key/value facts the app keeps about itself (data import state, directory refresh time…). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * Account mails waiting to be prepared and sent by the mail worker, off the path of the request that
 * asked for them (their lookups and tokens cost that request, and the next one, no time). A row is
 * claimed (`claimed_until`) before it is worked on and deleted once its mail is sent or given up,
 * so a process that dies mid-way leaves it to be tried again.
 */
export const accountMailJobs = pgTable(
  'account_mail_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_mail_jobs_run_after_idx').on(t.runAfter)],
);

/**
 * Attempt counters (login, registration, account mails) shared by every API process while
 * Redis is unavailable: the layout rate-limiter-flexible's Drizzle store reads and writes.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

/**
 * Who opened which league's week: the leagues whose matchups get a win-probability timeline recorded on every
 * game-day stats change (with the viewer's linked account, so private leagues load as they do for them).
 */
export const leagueWeekViews = pgTable(
  'league_week_views',
  {
    platform: text('platform').notNull(),
    leagueId: text('league_id').notNull(),
    season: integer('season').notNull(),
    week: integer('week').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.platform, t.leagueId, t.season, t.week, t.userId] }),
    index('league_week_views_week_idx').on(t.season, t.week),
  ],
);

/**
 * A matchup's win probability through its week, one point per data version (each stats change), computed once
 * by the server with a fixed seed: the same line for every viewer, kept across reloads.
 */
export const winProbabilityPoints = pgTable(
  'win_probability_points',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    platform: text('platform').notNull(),
    leagueId: text('league_id').notNull(),
    season: integer('season').notNull(),
    week: integer('week').notNull(),
    matchupId: integer('matchup_id').notNull(),
    /** The data version (stats state) the point was computed from. */
    dataVersion: text('data_version').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** Share of the matchup's starters' game time already played, 0–1 (the timeline's x). */
    gameTimeElapsed: doublePrecision('game_time_elapsed').notNull(),
    /** The lower roster id of the pair, and its chance to win. */
    rosterIdA: integer('roster_id_a').notNull(),
    rosterIdB: integer('roster_id_b').notNull(),
    winProbabilityA: doublePrecision('win_probability_a').notNull(),
    winProbabilityB: doublePrecision('win_probability_b').notNull(),
    /** Points scored so far by each side's starters. */
    pointsA: doublePrecision('points_a').notNull(),
    pointsB: doublePrecision('points_b').notNull(),
  },
  (t) => [
    uniqueIndex('win_probability_points_version_key').on(
      t.platform,
      t.leagueId,
      t.season,
      t.week,
      t.matchupId,
      t.dataVersion,
    ),
  ],
);

/**
 * Which notifications reach a person on which channel (all off until they choose), their quiet hours in their
 * own time zone, and the leagues they muted ("platform:leagueId").
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kinds: jsonb('kinds').$type<Record<string, { push: boolean; email: boolean }>>().notNull(),
  /** "HH:MM"–"HH:MM" in `time_zone`; null: none. */
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  timeZone: text('time_zone').notNull().default('UTC'),
  mutedLeagues: jsonb('muted_leagues').$type<string[]>().notNull().default([]),
  updatedAt: updatedAt(),
});

/** A browser's Web Push subscription; deleted when the push service says it is gone (404/410). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * Every notification decided, one row per person, kind, subject, week and channel, written before anything is
 * sent: the unique key makes a second decision (another process, a retry) a no-op, and the row is the send
 * queue (claimed while being sent, retried with back-off until it expires).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel', { enum: ['push', 'email'] }).notNull(),
    /** What it is about within its week (a player's status episode, a matchup), part of the unique key. */
    subject: text('subject').notNull(),
    season: integer('season').notNull(),
    week: integer('week').notNull(),
    /** `{ title, body, url, topic? }` as sent. */
    payload: jsonb('payload').$type<{ title: string; body: string; url: string; topic?: string }>().notNull(),
    status: text('status', { enum: ['waiting', 'sent', 'failed'] })
      .notNull()
      .default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Not sent after this (a starter_out at kickoff): it turns failed instead. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Push endpoints already delivered to, so a retry skips them. */
    deliveredTo: jsonb('delivered_to').$type<string[]>().notNull().default([]),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_once_key').on(t.userId, t.kind, t.subject, t.season, t.week, t.channel),
    index('notifications_due_idx').on(t.status, t.runAfter),
  ],
);

/**
 * How many times a player has been ruled out in a week: a starter_out is sent once per episode, so again only
 * when his status went back to playable and then out again.
 */
export const playerOutEpisodes = pgTable(
  'player_out_episodes',
  {
    playerId: integer('player_id').notNull(),
    season: integer('season').notNull(),
    week: integer('week').notNull(),
    episode: integer('episode').notNull().default(0),
    isOut: boolean('is_out').notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.season, t.week] })],
);
