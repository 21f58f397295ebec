import type { z } from 'zod';
import { AppError } from '../errors.js';

/** Per-attempt time limit for a call to an external service. */
export const DEFAULT_TIMEOUT_MS = 8_000;
/** First try plus two retries. */
export const DEFAULT_MAX_ATTEMPTS = 3;
/** Back-off before retry n is BASE * 2^(n-1) plus up to BASE of jitter. */
export const DEFAULT_BACKOFF_BASE_MS = 300;
/** A Retry-After longer than this is shortened to it: the person is waiting for an answer. */
export const DEFAULT_RETRY_AFTER_CAP_MS = 5_000;
/** How much of a failed response body is kept for logs and for callers that inspect it. */
const KEPT_BODY_CHARS = 2_000;

export type UpstreamFailureReason = 'timeout' | 'network' | 'http-status' | 'invalid-json' | 'invalid-body';

/**
 * An external call failed. `message` is what the person sees (chosen by the caller);
 * `reason`, `upstreamStatus` and `detail` say what actually happened, for logs and branching.
 */
export class UpstreamRequestError extends AppError {
  constructor(
    message: string,
    readonly reason: UpstreamFailureReason,
    readonly detail: string,
    readonly upstreamStatus?: number,
    readonly responseText?: string,
    readonly responseHeaders?: Headers,
  ) {
    // Only `reason` goes into details (which reach the client); `detail` may quote upstream bodies.
    super('UPSTREAM_ERROR', message, reason === 'timeout' ? 504 : 502, { reason });
    this.name = 'UpstreamRequestError';
  }
}

export interface HttpRetryOptions {
  timeoutMs?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  retryAfterCapMs?: number;
  /** Injected in tests so back-off does not really wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Random source in [0, 1) for jitter. */
  random?: () => number;
}

export interface JsonRequest extends HttpRetryOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  /** Shown to people when the call fails, e.g. "Failed to fetch league rosters." */
  failureMessage: string;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * GETs or POSTs `url`, retrying 429, 5xx, network errors and timeouts with exponential back-off,
 * then parses the body as JSON and validates it with `schema`. Every failure is an
 * UpstreamRequestError carrying `failureMessage`.
 */
export async function fetchJson<S extends z.ZodType>(
  url: string,
  schema: S,
  request: JsonRequest,
): Promise<z.output<S>> {
  const text = await fetchText(url, request);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UpstreamRequestError(
      request.failureMessage,
      'invalid-json',
      `${describe(url)} answered with a body that is not JSON: ${preview(text)}`,
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new UpstreamRequestError(
      request.failureMessage,
      'invalid-body',
      `${describe(url)} answered with an unexpected body: ${summarizeIssues(parsed.error)}`,
    );
  }
  return parsed.data;
}

/** The retrying transport under fetchJson; answers the body text of the first 2xx response. */
export async function fetchText(url: string, request: JsonRequest): Promise<string> {
  const maxAttempts = Math.max(1, request.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const sleep = request.sleep ?? realSleep;
  let lastError: UpstreamRequestError | undefined;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const outcome = await attemptOnce(url, request);
    if (typeof outcome === 'string') return outcome;
    lastError = outcome.error;
    if (!outcome.isRetryable || attempt === maxAttempts) break;
    await sleep(retryDelayMs(attempt, outcome.retryAfterMs, request));
  }
  throw lastError!;
}

interface FailedAttempt {
  error: UpstreamRequestError;
  isRetryable: boolean;
  retryAfterMs?: number;
}

async function attemptOnce(url: string, request: JsonRequest): Promise<string | FailedAttempt> {
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers: { accept: 'application/json', ...request.headers },
      body: request.body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'follow',
    });
    text = await response.text();
  } catch (cause) {
    const isTimeout =
      cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
    const detail = isTimeout
      ? `${describe(url)} did not answer within ${timeoutMs} ms`
      : `${describe(url)} could not be reached: ${networkCause(cause)}`;
    return {
      error: new UpstreamRequestError(request.failureMessage, isTimeout ? 'timeout' : 'network', detail),
      isRetryable: true,
    };
  }
  if (response.ok) return text;
  const status = response.status;
  const error = new UpstreamRequestError(
    request.failureMessage,
    'http-status',
    `${describe(url)} answered HTTP ${status}: ${preview(text)}`,
    status,
    text.slice(0, KEPT_BODY_CHARS),
    response.headers,
  );
  const isRetryable = status === 429 || status >= 500;
  const retryAfterMs = status === 429 ? parseRetryAfterMs(response.headers.get('retry-after')) : undefined;
  return { error, isRetryable, retryAfterMs };
}

function retryDelayMs(attempt: number, retryAfterMs: number | undefined, options: HttpRetryOptions): number {
  const cap = options.retryAfterCapMs ?? DEFAULT_RETRY_AFTER_CAP_MS;
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, cap);
  const base = options.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS;
  const random = options.random ?? Math.random;
  return Math.round(base * 2 ** (attempt - 1) + random() * base);
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function describe(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return '(empty body)';
  return flat.length > 120 ? `${flat.slice(0, 120)}…` : flat;
}

function networkCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = (cause as { cause?: unknown }).cause;
  return inner instanceof Error ? `${cause.message} (${inner.message})` : cause.message;
}

function summarizeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}
