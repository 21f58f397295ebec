import { api, ApiError, fetchCsrfToken, getCsrfToken, NetworkError } from '../../lib/api-client';
import type { SessionCheckResult } from './session-monitor';

export interface SessionUser {
  id: string;
  email: string;
  role: 'admin' | 'user';
  hasLinkedLeagues: boolean;
  isDisabled: boolean;
  emailVerified: boolean;
  createdAt: string;
}

interface MessageResponse {
  data?: { message?: string };
}

/** The errors for a current-user or login answer without user data. */
export const INVALID_USER_DATA = 'Invalid user data received';
export const INVALID_LOGIN_DATA = 'Invalid user data received from login';

export async function fetchCurrentUser(): Promise<SessionUser> {
  const response = await api.get<{ data?: SessionUser }>('/auth/me');
  if (!response?.data) throw new Error(INVALID_USER_DATA);
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
  const response = await api.post<{ user?: SessionUser }>('/auth/login', {
    email: email.trim(),
    password,
    rememberMe,
  });
  if (!response?.user) throw new Error(INVALID_LOGIN_DATA);
  return response.user;
}

export async function requestLogout(): Promise<void> {
  await ensureCsrfToken();
  await api.post('/auth/logout');
}

async function postForMessage(path: string, body: unknown): Promise<string> {
  await ensureCsrfToken();
  const response = await api.post<MessageResponse>(path, body);
  return response?.data?.message ?? '';
}

export const requestRegistration = (email: string, password: string) =>
  postForMessage('/auth/register', { email: email.trim(), password });
export const requestVerificationResend = (email: string) =>
  postForMessage('/auth/resend-verification', { email: email.trim() });
export const requestPasswordResetMail = (email: string) =>
  postForMessage('/auth/forgot-password', { email: email.trim() });
export const requestPasswordReset = (token: string, password: string) =>
  postForMessage('/auth/reset-password', { token, password });

export const requestPasswordChange = (currentPassword: string, newPassword: string) =>
  postForMessage('/auth/change-password', { currentPassword, newPassword });
export const requestEmailChange = (password: string, newEmail: string) =>
  postForMessage('/user/email-change', { password, newEmail: newEmail.trim() });
export const confirmEmailChange = (token: string) => postForMessage('/auth/confirm-email-change', { token });

export async function requestAccountDeletion(): Promise<void> {
  await ensureCsrfToken();
  await api.delete('/user/me');
}

/** True for the 401/403 answers that mean "no valid session". */
export function isAuthRejection(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** The server's message, or `fallback` when the failure carried none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && !error.message.startsWith('Request failed'))
    return error.message;
  return fallback;
}

/** One session check for the monitor, classified by what the monitor does with each answer. */
export async function checkSession(): Promise<SessionCheckResult<SessionUser>> {
  try {
    return { kind: 'ok', user: await fetchCurrentUser() };
  } catch (error) {
    if (isAuthRejection(error)) return { kind: 'denied', status: error.status, code: error.code };
    if (error instanceof ApiError && error.status === 429) return { kind: 'rate-limited' };
    if (error instanceof ApiError) return { kind: 'server-error', status: error.status, error };
    if (error instanceof NetworkError) return { kind: 'network-error', error };
    return { kind: 'server-error', status: 0, error };
  }
}
