import { users } from '@fm/db';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { requireCredentials } from './account-input.js';
import { verifyAgainstDummyHash, verifyPassword } from './password-hashing.js';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_IP } from './rate-limiter.js';
import { createSession, revokeSessionToken, type NewSession } from './sessions.js';
import { findUserByEmail, toSessionUser, type SessionUser } from './users.js';

export const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 'Invalid email or password.', 401);
export const accountDisabled = () =>
  new AppError('ACCOUNT_DISABLED', 'This account has been disabled. Please contact support.', 403);
/** The contract: the message contains "verify your email" (the web app offers a resend on it). */
export const emailNotVerified = () =>
  new AppError(
    'EMAIL_NOT_VERIFIED',
    'Please verify your email address before logging in. Check your inbox for the verification link.',
    403,
  );

export interface LoginInput {
  email?: string | undefined;
  password?: string | undefined;
  rememberMe?: boolean | undefined;
  ip: string;
  userAgent?: string | undefined;
}

/**
 * Checks the credentials and opens a new session. Failures say only "Invalid email or
 * password." and count against both the address and the IP; a success clears the address's
 * count. Disabled and unverified accounts are told so only after a correct password.
 * Attempts are counted before the password is checked, so a burst of parallel guesses
 * cannot all slip in under the limit; a correct password gives its attempt back.
 */
export async function login(
  deps: AppDeps,
  input: LoginInput,
  now = new Date(),
): Promise<{ user: SessionUser; session: NewSession }> {
  const { email, password } = requireCredentials(input);
  const { rateLimiter } = deps;
  await rateLimiter.consume(LOGIN_FAILURES_PER_IP, input.ip);
  await rateLimiter.consume(LOGIN_FAILURES_PER_ACCOUNT, email);

  const user = await findUserByEmail(deps, email);
  const isPasswordCorrect = user
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstDummyHash(password).then(() => false);
  if (!user || !isPasswordCorrect) throw invalidCredentials();
  await rateLimiter.refund(LOGIN_FAILURES_PER_IP, input.ip);
  await rateLimiter.reset(LOGIN_FAILURES_PER_ACCOUNT, email);
  if (user.isDisabled) throw accountDisabled();
  if (!user.emailVerifiedAt) throw emailNotVerified();

  const session = await createSession(
    deps,
    user.id,
    { isPersistent: input.rememberMe === true, ip: input.ip, userAgent: input.userAgent },
    now,
  );
  const [updated] = await deps.database.db
    .update(users)
    .set({ lastLoginAt: now, lastActiveAt: now })
    .where(eq(users.id, user.id))
    .returning();
  return { user: await toSessionUser(deps, updated ?? user), session };
}

/** Ends the session behind this cookie token, if any. */
export async function logout(deps: AppDeps, token: string | undefined): Promise<void> {
  if (token) await revokeSessionToken(deps, token, 'logout');
}
