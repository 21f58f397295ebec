/**
 * The API client: base /api, JSON, cookies included, 30 s timeout, the CSRF
 * token on every write, and the session-expired signal on revoked or expired sessions.
 */
import type { RouterOutputs } from '@fm/api';
import { CSRF_COOKIE, CSRF_HEADER, isErrorCode, isSessionEndingCode, type ErrorCode } from '@fm/contract';

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 30_000;
export const SESSION_EXPIRED_EVENT = 'sessionExpired';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SessionExpiredDetail {
  reason: string;
  message: string;
  /** Why the server ended the session (e.g. `account-disabled`), when it says; `message` then tells the user. */
  endedBecause?: string | undefined;
}

/** A non-2xx answer: `code` and `message` come from the server's `{code, message}` body (no code when it had none). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    message: string,
    readonly data: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The request never got an answer (offline, timeout, DNS…). */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

let headerToken: string | null = null;

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** The token from the `csrf-token` cookie, else the last `x-csrf-token` response header. */
export function getCsrfToken(): string | null {
  return readCookie(CSRF_COOKIE) ?? headerToken;
}

export function clearCsrfToken(): void {
  headerToken = null;
  if (typeof document !== 'undefined') {
    document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** Asks the server for a CSRF token (before login and after a session check); failure is only a warning. */
/**
 * A plain request, typed by the procedure's output: the typed tRPC client sends through this
 * module, so it cannot be used to set this module up.
 */
export async function fetchCsrfToken(): Promise<string | null> {
  try {
    const body = await apiRequest<RouterOutputs['auth']['csrfToken']>('GET', '/auth/csrf-token');
    headerToken = body.csrfToken;
    return body.csrfToken;
  } catch (error) {
    console.warn('Could not fetch a CSRF token', error);
    return null;
  }
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * Adds credentials, timeout and CSRF header, and signals an expired or revoked session. Used by tRPC too.
 * Any other refusal (a private ESPN league's 403, a wrong password's 401) leaves token and session as they are.
 */
export async function apiFetch(
  input: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  if (WRITE_METHODS.has(method) && !headers.has(CSRF_HEADER)) {
    const token = getCsrfToken();
    if (token) headers.set(CSRF_HEADER, token);
    else console.warn(`No CSRF token available for ${method} ${input}; sending anyway`);
  }
  const timeout = AbortSignal.timeout(init.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(input, { ...init, method, headers, credentials: 'include', signal });
  } catch (error) {
    console.warn(`Network error on ${method} ${input}`, error);
    throw new NetworkError(
      timeout.aborted
        ? 'The server took too long to answer.'
        : 'Could not reach the server. Check your connection.',
    );
  }
  const token = response.headers.get(CSRF_HEADER);
  if (token) headerToken = token;
  if (response.status === 401 || response.status === 403) await handleAuthFailure(response.clone(), method);
  return response;
}

/**
 * Only the end of the session drops the CSRF token (and signs out); a write whose token was refused gets a
 * fresh one, so the next write goes through without a reload. (Only a write: fetching the token is a read, and
 * a read answered CSRF_INVALID must not ask for a token again and again.)
 */
async function handleAuthFailure(response: Response, method: string): Promise<void> {
  const body = await response.json().catch(() => null);
  const code = readErrorCode(body);
  // the server refused the CSRF token itself (out of date, or missing): the one refusal a new token mends
  if (code === 'CSRF_INVALID') {
    if (!WRITE_METHODS.has(method)) return;
    clearCsrfToken();
    await fetchCsrfToken();
    return;
  }
  if (!code || !isSessionEndingCode(code)) return;
  clearCsrfToken();
  if (typeof window !== 'undefined') {
    const message = readErrorMessage(body) ?? 'Your session has ended.';
    const failure = firstFailure(body) as { reason?: unknown; error?: { data?: { reason?: unknown } } };
    const endedBecause = failure.reason ?? failure.error?.data?.reason;
    window.dispatchEvent(
      new CustomEvent<SessionExpiredDetail>(SESSION_EXPIRED_EVENT, {
        detail: {
          reason: code,
          message,
          endedBecause: typeof endedBecause === 'string' ? endedBecause : undefined,
        },
      }),
    );
  }
}

/** A batched tRPC answer is a list: its first failure speaks for it. */
function firstFailure(body: unknown): unknown {
  return Array.isArray(body)
    ? body.find((item) => item && typeof item === 'object' && 'error' in item)
    : body;
}

/** REST bodies are `{code, message}`; tRPC bodies carry it as `error.data.appCode`. */
function readErrorCode(answer: unknown): ErrorCode | undefined {
  const body = firstFailure(answer);
  if (!body || typeof body !== 'object') return undefined;
  const record = body as { code?: unknown; error?: { data?: { appCode?: unknown } } };
  const code = record.code ?? record.error?.data?.appCode;
  return isErrorCode(code) ? code : undefined;
}

function readErrorMessage(answer: unknown): string | undefined {
  const body = firstFailure(answer);
  if (!body || typeof body !== 'object') return undefined;
  const record = body as { message?: unknown; error?: { message?: unknown } };
  if (typeof record.message === 'string') return record.message;
  return typeof record.error?.message === 'string' ? record.error.message : undefined;
}

/** One JSON call to `/api{path}`; resolves with the parsed body or throws ApiError/NetworkError. */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: string | undefined;
  // A DELETE without a body sends no Content-Type: servers refuse an empty JSON body.
  if (options.body !== undefined || (WRITE_METHODS.has(method) && method !== 'DELETE')) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }
  const response = await apiFetch(buildUrl(path, options.query), {
    method,
    headers,
    body: method === 'GET' || method === 'DELETE' ? (options.body === undefined ? undefined : body) : body,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
  const text = await response.text();
  const parsed: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      readErrorCode(parsed),
      readErrorMessage(parsed) ?? `Request failed (${response.status})`,
      parsed,
    );
  }
  return parsed as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
