import type { ErrorCategory } from '@fm/db';

const ID_SEGMENT =
  /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{24}|[A-Za-z0-9_-]{24,})$/i;
const MAX_ENDPOINT_LENGTH = 200;
const MAX_MESSAGE_LENGTH = 500;

/**
 * `GET /api/admin/users/9f0c…` → `GET /api/admin/users/:id`: ids and the query string are
 * dropped so endpoints group together and the label set stays small.
 */
export function endpointLabel(method: string, url: string): string {
  const path = url.split('?', 1)[0]!;
  const segments = path.split('/').map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment));
  return `${method} ${segments.join('/')}`.slice(0, MAX_ENDPOINT_LENGTH);
}

/** Where the web app asks "who is signed in?": a 401 there is the expected answer for a visitor. */
const SESSION_CHECK_ENDPOINTS = new Set(['GET /api/auth/me', 'GET /trpc/auth.me']);

/**
 * A visitor's session check answered "not signed in": every anonymous page load makes one, so it
 * is counted apart, never as an authentication error.
 */
export function isSignedOutCheck(endpoint: string, statusCode: number): boolean {
  return statusCode === 401 && SESSION_CHECK_ENDPOINTS.has(endpoint);
}

/** The app's error code and message from an error response body (REST `{code, message}` or tRPC). */
export function readErrorBody(payload: unknown): { code: string | undefined; message: string | undefined } {
  if (typeof payload !== 'string' || payload.length === 0 || payload.length > 100_000) {
    return { code: undefined, message: undefined };
  }
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return { code: undefined, message: undefined };
  }
  const first = Array.isArray(body) ? body[0] : body;
  if (!first || typeof first !== 'object') return { code: undefined, message: undefined };
  const record = first as {
    code?: unknown;
    message?: unknown;
    data?: { appCode?: unknown };
    error?: { message?: unknown; data?: { appCode?: unknown } };
  };
  const appCode = record.data?.appCode ?? record.error?.data?.appCode ?? record.code;
  const message = record.error?.message ?? record.message;
  return {
    code: typeof appCode === 'string' ? appCode : undefined,
    message: typeof message === 'string' ? message.slice(0, MAX_MESSAGE_LENGTH) : undefined,
  };
}

/**
 * Refusals of a feature this server was not set up for (no Yahoo app): the operator's choice, answered 503 to the
 * caller, but no fault of the server, so neither a server error nor a reason for a high-severity indicator.
 */
const NOT_SET_UP_CODES = new Set(['YAHOO_NOT_CONFIGURED']);

/** A response that counts as the server failing: 5xx, except a feature it was not set up for. */
export function isServerFault(statusCode: number, code: string | undefined): boolean {
  return statusCode >= 500 && !(code && NOT_SET_UP_CODES.has(code));
}

/** The admin error view's category of a failed response. */
export function classifyError(statusCode: number, code: string | undefined): ErrorCategory {
  if (code && code.includes('DATABASE')) return 'DATABASE_ERROR';
  if (isServerFault(statusCode, code)) return 'SERVER_ERROR';
  if (statusCode >= 500) return 'CLIENT_ERROR';
  if (statusCode === 401 || statusCode === 403) return 'AUTHENTICATION_ERROR';
  if (statusCode === 400 || statusCode === 422 || code === 'VALIDATION_ERROR') return 'VALIDATION_ERROR';
  return 'CLIENT_ERROR';
}
