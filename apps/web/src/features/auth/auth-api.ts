import type { RouterOutputs } from '@fm/api';
import { fetchCsrfToken, getCsrfToken } from '../../lib/api-client';
import { appErrorCode, appErrorMessage, appErrorStatus, isNetworkFailure } from '../../lib/app-error';
import { trpcClient } from '../../lib/trpc-client';
import type { SessionCheckResult } from './session-monitor';

/** The signed-in user as the server describes it (`auth.me`, `auth.login`). */
export type SessionUser = RouterOutputs['auth']['me']['data'];

/** Messages for an answer that lacks the user. */
export const INVALID_USER_DATA = 'Invalid user data received';
export const INVALID_LOGIN_DATA = 'Invalid user data received from login';

export async function fetchCurrentUser(): Promise<SessionUser> {
  const response = await trpcClient.auth.me.query();
  if (!response?.data) throw new Error(INVALID_USER_DATA);
  return response.data;
}

/**
 * The signed-in user, or null for a visitor: the page's first check. It is answered 200 either way, so a
 * visitor's browser logs no failed request on every page (auth.me answers a visitor 401).
 */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  const response = await trpcClient.auth.session.query();
  return response.data;
}

/** Writes need a CSRF token; a 401/403 clears it, so fetch one when none is held. */
async function ensureCsrfToken(): Promise<void> {
  if (!getCsrfToken()) await fetchCsrfToken();
}

/** A CSRF token is fetched before login. */
export async function requestLogin(
  email: string,
  password: string,
  rememberMe: boolean,
): Promise<SessionUser> {
  await fetchCsrfToken();
  const response = await trpcClient.auth.login.mutate({ email: email.trim(), password, rememberMe });
  if (!response?.user) throw new Error(INVALID_LOGIN_DATA);
  return response.user;
}

export async function requestLogout(): Promise<void> {
  await ensureCsrfToken();
  await trpcClient.auth.logout.mutate();
}

/** Runs a write that answers `{ data: { message } }` and gives the message ('' when there is none). */
async function messageOf(write: () => Promise<{ data?: { message?: string } }>): Promise<string> {
  await ensureCsrfToken();
  const response = await write();
  return response?.data?.message ?? '';
}

export const requestRegistration = (email: string, password: string) =>
  messageOf(() => trpcClient.auth.register.mutate({ email: email.trim(), password }));
export const requestVerificationResend = (email: string) =>
  messageOf(() => trpcClient.auth.resendVerification.mutate({ email: email.trim() }));
export const requestPasswordResetMail = (email: string) =>
  messageOf(() => trpcClient.auth.forgotPassword.mutate({ email: email.trim() }));
export const requestPasswordReset = (token: string, password: string) =>
  messageOf(() => trpcClient.auth.resetPassword.mutate({ token, password }));

export const requestPasswordChange = (currentPassword: string, newPassword: string) =>
  messageOf(() => trpcClient.auth.changePassword.mutate({ currentPassword, newPassword }));
export const requestEmailChange = (password: string, newEmail: string) =>
  messageOf(() => trpcClient.user.requestEmailChange.mutate({ password, newEmail: newEmail.trim() }));
export const confirmEmailChange = (token: string) =>
  messageOf(() => trpcClient.auth.confirmEmailChange.mutate({ token }));
export const requestCancelEmailChange = (token: string) =>
  messageOf(() => trpcClient.auth.cancelEmailChange.mutate({ token }));

/** "This wasn't me": the account moves back; answers the token of the choose-password link. */
export async function requestUndoEmailChange(
  token: string,
): Promise<{ message: string; choosePasswordToken: string }> {
  await ensureCsrfToken();
  return (await trpcClient.auth.undoEmailChange.mutate({ token })).data;
}

/** Deleting the account needs the password again (a session left open is not enough). */
export async function requestAccountDeletion(password: string): Promise<void> {
  await ensureCsrfToken();
  await trpcClient.user.deleteMe.mutate({ password });
}

/** True for the 401/403 answers that mean "no valid session". */
export function isAuthRejection(error: unknown): boolean {
  const status = appErrorStatus(error);
  return status === 401 || status === 403;
}

/** The server's message, or `fallback` when the failure carried none. */
export const errorMessage = appErrorMessage;

/** One session check for the monitor: a user, a refusal, a rate limit, a server or a network failure. */
export async function checkSession(): Promise<SessionCheckResult<SessionUser>> {
  try {
    return { kind: 'ok', user: await fetchCurrentUser() };
  } catch (error) {
    const status = appErrorStatus(error);
    if (isAuthRejection(error)) return { kind: 'denied', status: status!, code: appErrorCode(error) };
    if (appErrorCode(error) === 'RATE_LIMITED') return { kind: 'rate-limited' };
    if (isNetworkFailure(error)) return { kind: 'network-error', error };
    return { kind: 'server-error', status: status ?? 0, error };
  }
}
