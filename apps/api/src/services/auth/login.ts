import { users } from '@fm/db';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { EVENT_TYPES } from '../../monitoring/analytics-capture.js';
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

/**
 * One request's logins. A request (a tRPC batch included) logs in once: a second attempt in the
 * same request is refused, so a batch cannot open a session its browser never holds, nor try
 * many passwords for the price of one request.
 */
export interface LoginRequestScope {
  hasLoginAttempt: boolean;
}
export const newLoginRequestScope = (): LoginRequestScope => ({ hasLoginAttempt: false });

export const oneLoginPerRequest = () =>
  new AppError('ONE_LOGIN_PER_REQUEST', 'Only one login can be made per request.', 400);

export interface LoginInput {
  email?: string | undefined;
  password?: string | undefined;
  rememberMe?: boolean | undefined;
  ip: string;
  /** Who the per-address limits count (the request's `client`). */
  client: string;
  userAgent?: string | undefined;
  /** The browser's trusted-device token, if it has one. */
  deviceToken?: string | undefined;
  /** The request this login arrived in. */
  request: LoginRequestScope;
}

/** Every refused login (a wrong password, an unknown address, a guess the limiter stopped) is an auth.login_failed event. */
function recordLoginFailed(
  deps: AppDeps,
  ip: string,
  why: { rateLimited?: true; secondInRequest?: true } = {},
) {
  deps.monitoring.recordEvent({ type: EVENT_TYPES.loginFailed, userId: null, payload: { ...why, ip } });
}

/** Runs a throttle step; a 429 it throws is a failed login too (a burst must raise its alert). */
async function countingRefusals(deps: AppDeps, ip: string, step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED')
      recordLoginFailed(deps, ip, { rateLimited: true });
    throw error;
  }
}

/**
 * Checks the credentials and opens a new session. Failures say only "Invalid email or
 * password."; guesses are slowed per account and address, per account, and per address (see
 * login-throttle), counted before the password is checked. Disabled and unverified accounts
 * are told so only after a correct password. A correct password also hands out a new
 * trusted-device token for the browser. The decision is recorded here (auth.login or
 * auth.login_failed), whichever path or batch the request came by.
 */
export async function login(
  deps: AppDeps,
  input: LoginInput,
  now = new Date(),
): Promise<{ user: SessionUser; session: NewSession; deviceToken: string }> {
  const { email, password } = requireCredentials(input);
  if (input.request.hasLoginAttempt) {
    recordLoginFailed(deps, input.ip, { secondInRequest: true });
    throw oneLoginPerRequest();
  }
  input.request.hasLoginAttempt = true;
  const { sessionSecret } = deps.config;
  const user = await findUserByEmail(deps, email);
  const attempt: LoginAttempt = {
    email,
    client: input.client,
    isTrustedDevice: isDeviceTrustedFor(user, input.deviceToken, sessionSecret),
  };
  await countingRefusals(deps, input.ip, () => beginLoginAttempt(deps, attempt));

  const isPasswordCorrect = user
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstDummyHash(password).then(() => false);
  if (!user || !isPasswordCorrect) {
    await countingRefusals(deps, input.ip, () => endLoginAttemptAsGuess(deps, attempt));
    recordLoginFailed(deps, input.ip);
    throw invalidCredentials();
  }
  await countingRefusals(deps, input.ip, () => endLoginAttemptAsOwner(deps, attempt));
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
  deps.monitoring.recordEvent({ type: EVENT_TYPES.login, userId: user.id });
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
