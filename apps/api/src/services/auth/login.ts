import { users } from '@fm/db';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { requireCredentials } from './account-input.js';
import { verifyAgainstDummyHash, verifyPassword } from './password-hashing.js';
import {
  beginLoginAttempt,
  endLoginAttemptAsGuess,
  endLoginAttemptAsOwner,
  type LoginAttempt,
} from './login-throttle.js';
import { createSession, revokeSessionToken, type NewSession, type SessionDeps } from './sessions.js';
import { endSessionsBeyondCap } from './session-cap.js';
import { isDeviceTrustedFor, issueDeviceToken } from './trusted-devices.js';
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
  /** The browser's trusted-device token, if it has one. */
  deviceToken?: string | undefined;
}

/**
 * Checks the credentials and opens a new session. Failures say only "Invalid email or
 * password."; guesses are slowed per account and address, per account, and per address (see
 * login-throttle), counted before the password is checked. Disabled and unverified accounts
 * are told so only after a correct password. A correct password also hands out a new
 * trusted-device token for the browser.
 */
export async function login(
  deps: AppDeps,
  input: LoginInput,
  now = new Date(),
): Promise<{ user: SessionUser; session: NewSession; deviceToken: string }> {
  const { email, password } = requireCredentials(input);
  const { sessionSecret } = deps.config;
  const user = await findUserByEmail(deps, email);
  const attempt: LoginAttempt = {
    email,
    ip: input.ip,
    isTrustedDevice: isDeviceTrustedFor(user, input.deviceToken, sessionSecret),
  };
  await beginLoginAttempt(deps, attempt);

  const isPasswordCorrect = user
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstDummyHash(password).then(() => false);
  if (!user || !isPasswordCorrect) {
    await endLoginAttemptAsGuess(deps, attempt);
    throw invalidCredentials();
  }
  await endLoginAttemptAsOwner(deps, attempt);
  if (user.isDisabled) throw accountDisabled();
  if (!user.emailVerifiedAt) throw emailNotVerified();

  const session = await createSession(
    deps,
    user.id,
    { isPersistent: input.rememberMe === true, ip: input.ip, userAgent: input.userAgent },
    now,
  );
  await endSessionsBeyondCap(deps, user.id, now);
  const [updated] = await deps.database.db
    .update(users)
    .set({ lastLoginAt: now, lastActiveAt: now })
    .where(eq(users.id, user.id))
    .returning();
  return {
    user: await toSessionUser(deps, updated ?? user),
    session,
    deviceToken: issueDeviceToken(user, sessionSecret),
  };
}

/** Ends the session behind this cookie token, if any. */
export async function logout(deps: SessionDeps, token: string | undefined): Promise<void> {
  if (token) await revokeSessionToken(deps, token, 'logout');
}
