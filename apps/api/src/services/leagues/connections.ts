import type { ConnectionsStatus, Platform } from '@fm/contract';
import { leagueConnections } from '@fm/db';
import { and, eq } from 'drizzle-orm';
import { countLinkAttempt } from './link-limit.js';
import type { AppDeps } from '../../deps.js';
import { AppError, validationError } from '../../errors.js';
import { toAppSleeperAccount } from '../../integrations/sleeper/normalize.js';
import { listEspnLeagueRows } from './espn-link.js';

export type LeaguePlatform = Platform;
/** Platforms linked as one account per user (ESPN leagues are linked one by one instead). */
export type AccountPlatform = Exclude<LeaguePlatform, 'espn'>;
export type LeagueConnectionRow = typeof leagueConnections.$inferSelect;

/** Sleeper usernames are 1–20 letters, digits and underscores; we allow a little slack. */
const SLEEPER_USERNAME = /^[A-Za-z0-9_.-]{1,40}$/;

export async function findConnection(
  deps: AppDeps,
  userId: string,
  platform: AccountPlatform,
): Promise<LeagueConnectionRow | undefined> {
  const [row] = await deps.database.db
    .select()
    .from(leagueConnections)
    .where(and(eq(leagueConnections.userId, userId), eq(leagueConnections.platform, platform)))
    .limit(1);
  return row;
}

export async function getConnectionsStatus(deps: AppDeps, userId: string): Promise<ConnectionsStatus> {
  const [rows, espnRows] = await Promise.all([
    deps.database.db.select().from(leagueConnections).where(eq(leagueConnections.userId, userId)),
    listEspnLeagueRows(deps, userId),
  ]);
  const sleeper = rows.find((row) => row.platform === 'sleeper');
  const yahoo = rows.find((row) => row.platform === 'yahoo');
  return {
    sleeper: {
      connected: Boolean(sleeper),
      username: sleeper?.username ?? null,
      displayName: sleeper?.displayName ?? null,
      avatar: sleeper?.avatar ?? null,
    },
    yahoo: {
      connected: Boolean(yahoo),
      userId: yahoo?.externalUserId ?? null,
      available: deps.leagues.yahooOAuth.isConfigured,
    },
    espn: {
      connected: espnRows.length > 0,
      leagues: espnRows.map((row) => ({ league_id: row.leagueId, name: row.name })),
    },
    hasLinkedLeagues: rows.length + espnRows.length > 0,
  };
}

/**
 * Links (or re-links) the user's Sleeper account: the name must exist on Sleeper, else
 * 404 "Sleeper user '{username}' not found." (the client's message). One Sleeper link per user.
 */
export async function connectSleeper(
  deps: AppDeps,
  userId: string,
  rawUsername: string,
): Promise<ConnectionsStatus> {
  const username = rawUsername.trim();
  if (!username) throw validationError('Please enter your Sleeper username.', 'username');
  if (!SLEEPER_USERNAME.test(username)) {
    throw new AppError('SLEEPER_USER_NOT_FOUND', `Sleeper user '${username}' not found.`, 404);
  }
  await countLinkAttempt(deps, userId);
  const user = await deps.leagues.sleeper.getUser(username);
  const account = toAppSleeperAccount(user);
  const values = {
    externalUserId: account.id,
    username: user.username || username.toLowerCase(),
    displayName: account.name,
    avatar: account.avatar,
    accessTokenEnc: null,
    refreshTokenEnc: null,
    tokenExpiresAt: null,
    updatedAt: new Date(),
  };
  await deps.database.db
    .insert(leagueConnections)
    .values({ userId, platform: 'sleeper', ...values })
    .onConflictDoUpdate({ target: [leagueConnections.userId, leagueConnections.platform], set: values });
  await deps.sessionCache.forgetUser(userId); // hasLinkedLeagues changed
  // The league pages need our players linked to Sleeper ids; start that now, not when one opens.
  void deps.sleeperIds.link();
  return getConnectionsStatus(deps, userId);
}

/** Removes the link (and, for Yahoo, the stored tokens). Unlinking what is not linked is a no-op. */
export async function disconnectPlatform(
  deps: AppDeps,
  userId: string,
  platform: AccountPlatform,
): Promise<ConnectionsStatus> {
  await deps.database.db
    .delete(leagueConnections)
    .where(and(eq(leagueConnections.userId, userId), eq(leagueConnections.platform, platform)));
  await deps.sessionCache.forgetUser(userId); // hasLinkedLeagues changed
  return getConnectionsStatus(deps, userId);
}
