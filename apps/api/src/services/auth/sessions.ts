import { sessions, users, type Db } from '@fm/db';
import type { SessionEndingCode } from '@fm/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CoreDeps } from '../../core-deps.js';
import { AppError, unauthenticated } from '../../errors.js';
import { generateToken, hashToken } from './secure-tokens.js';
import type { SessionCache, SessionRow, SessionUserRow } from './session-cache.js';
import { memoByIdentity } from '../../memo-by-identity.js';

/** "Remember me": a persistent cookie and session that last this long. */
export const REMEMBERED_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
/** Without "remember me": a browser-session cookie, cut off on the server after this long. */
export const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;
/** Activity timestamps are written at most this often per session. */
export const ACTIVITY_WRITE_INTERVAL_MS = 60 * 1000;

export type SessionEndReason =
  'logout' | 'password-reset' | 'account-disabled' | 'account-deleted' | 'email-change-undone';

export type { SessionRow, SessionUserRow };

/** What reading and ending sessions need: the database, and the cache of sign-ins an ended session must leave. */
export type SessionDeps = Pick<CoreDeps, 'database'> & { sessionCache: SessionCache };

export interface NewSession {
  token: string;
  expiresAt: Date;
  isPersistent: boolean;
}

/** What a device whose session was ended is told, by the reason it ended. */
const REVOKED_MESSAGES: Record<string, string> = {
  'account-disabled': 'This account has been disabled. Please contact support.',
  'account-deleted': 'This account has been deleted.',
  'password-reset': 'Your password was changed, so this device was signed out. Please log in again.',
  'password-change': 'Your password was changed, so this device was signed out. Please log in again.',
  'email-change-undone':
    'The owner of this account moved it back to its previous email, so this device was signed out.',
  'session-limit':
    'Your account was signed in on too many devices, so this older session was ended. Please log in again.',
};

/** 401 TOKEN_REVOKED; `reason` (why the session ended) lets the web app say why it signed out. */
export const sessionRevoked = (reason?: string | null) =>
  new AppError(
    'TOKEN_REVOKED' satisfies SessionEndingCode,
    (reason && REVOKED_MESSAGES[reason]) || 'Your session has ended. Please log in again.',
    401,
    reason ? { reason } : undefined,
  );
export const sessionExpired = () =>
  new AppError(
    'SESSION_EXPIRED' satisfies SessionEndingCode,
    'Your session has expired. Please log in again.',
    401,
  );

/** Opens a new session row; only the token's hash is stored. */
export async function createSession(
  deps: Pick<CoreDeps, 'database'>,
  userId: string,
  options: { isPersistent: boolean; ip?: string | undefined; userAgent?: string | undefined },
  now = new Date(),
): Promise<NewSession> {
  const token = generateToken();
  const lifetime = options.isPersistent ? REMEMBERED_SESSION_MS : BROWSER_SESSION_MS;
  const expiresAt = new Date(now.getTime() + lifetime);
  await deps.database.db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    isPersistent: options.isPersistent,
    ip: options.ip ?? null,
    userAgent: options.userAgent?.slice(0, 512) ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expiresAt, isPersistent: options.isPersistent };
}

function prepareSessionLookup(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token_hash');
}

/**
 * Every signed-in request runs this query: it is built once per database rather than per call
 * (on the embedded database, about a third of its cost on the main thread).
 */
const sessionLookupFor = memoByIdentity((db: Db) => prepareSessionLookup(db));

/**
 * The session and user behind a cookie token, or the reason there is none:
 * UNAUTHENTICATED (no or unknown token), TOKEN_REVOKED, SESSION_EXPIRED.
 * Records activity on the session and user, at most once per ACTIVITY_WRITE_INTERVAL_MS.
 */
export async function authenticateSessionToken(
  deps: SessionDeps,
  token: string | undefined,
  now = new Date(),
): Promise<{ user: SessionUserRow; session: SessionRow }> {
  if (!token) throw unauthenticated();
  const tokenHash = hashToken(token);
  const cache = deps.sessionCache;
  let row: { session: SessionRow; user: SessionUserRow | null } | undefined = cache.get(
    tokenHash,
    now.getTime(),
  );
  if (!row) {
    const mark = cache.mark();
    row = (await sessionLookupFor(deps.database.db).execute({ tokenHash }))[0];
    if (!row) throw unauthenticated();
    const { session, user } = row;
    if (user && !session.revokedAt) cache.set(tokenHash, { session, user }, now.getTime(), mark);
  }
  const { session, user } = row;
  if (session.revokedAt || !user) throw sessionRevoked(session.revokedReason);
  if (user.isDisabled) {
    // Disabling revokes sessions; this covers a row that slipped past (e.g. a direct DB edit).
    await revokeUserSessions(deps, user.id, 'account-disabled', now);
    throw sessionRevoked('account-disabled');
  }
  if (session.expiresAt.getTime() <= now.getTime()) throw sessionExpired();
  if (now.getTime() - session.lastSeenAt.getTime() >= ACTIVITY_WRITE_INTERVAL_MS) {
    await recordActivity(deps, session.id, user.id, now);
    session.lastSeenAt = now; // the cached copy too
  }
  return { user, session };
}

async function recordActivity(
  deps: Pick<CoreDeps, 'database'>,
  sessionId: string,
  userId: string,
  now: Date,
): Promise<void> {
  const { db } = deps.database;
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
}

/** Ends one session (logout). Unknown or already-ended tokens are ignored. */
export async function revokeSessionToken(
  deps: SessionDeps,
  token: string,
  reason: SessionEndReason,
  now = new Date(),
) {
  const ended = await deps.database.db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  for (const { userId } of ended) if (userId) await deps.sessionCache.forgetUser(userId);
}

/** Ends every open session of a user at once (password reset, disable, delete). */
export async function revokeUserSessions(
  deps: SessionDeps,
  userId: string,
  reason: SessionEndReason,
  now = new Date(),
) {
  await deps.database.db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await deps.sessionCache.forgetUser(userId);
}
