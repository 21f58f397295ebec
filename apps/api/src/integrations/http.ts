import type { z } from 'zod';
import { AppError } from '../errors.js';
import type { UpstreamBudget } from './upstream-budget.js';

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
/** An answer larger than this is cut off while it streams in (a caller expecting more says so). */
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
/** Redirects followed within the service's origin; redirects elsewhere are never followed. */
const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that carry credentials: never sent again after a redirect. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

export type UpstreamFailureReason =
  | 'timeout'
  | 'network'
  | 'http-status'
  | 'invalid-json'
  | 'invalid-body'
  /** The answer was larger than the call allows (cut off while streaming). */
  | 'too-large'
  /** The service redirected somewhere it may not (another origin, or too many hops). */
  | 'redirect'
  /** This process may not call the service more often right now (its call budget). */
  | 'budget';

const statusOfReason = (reason: UpstreamFailureReason) =>
  reason === 'timeout' ? 504 : reason === 'budget' ? 503 : 502;

/** The service answered, but with something we refuse: not an outage, and not the caller's fault. */
const INVALID_ANSWER_REASONS: ReadonlySet<UpstreamFailureReason> = new Set([
  'invalid-json',
  'invalid-body',
  'too-large',
  'redirect',
]);

export function isInvalidAnswer(reason: UpstreamFailureReason): boolean {
  return INVALID_ANSWER_REASONS.has(reason);
}

/**
 * An external call failed: UPSTREAM_INVALID when the service answered something we refuse (not
 * JSON, the wrong shape or values out of range, too large, a redirect elsewhere), else
 * UPSTREAM_ERROR. `message` is what the person sees (chosen by the caller);
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
    retryAfterSeconds?: number,
  ) {
    // Only `reason` goes into details (which reach the client); `detail` may quote upstream bodies.
    super(isInvalidAnswer(reason) ? 'UPSTREAM_INVALID' : 'UPSTREAM_ERROR', message, statusOfReason(reason), {
      reason,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });
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
  /** Largest answer accepted, in bytes (DEFAULT_MAX_BYTES when omitted). */
  maxBytes?: number;
  /** The service's call budget: every attempt takes one call from it, waiting its turn. */
  budget?: UpstreamBudget | undefined;
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
  if (request.budget) {
    const refusal = await request.budget.take();
    if (refusal) {
      const detail = `${describe(url)} not called: the ${request.budget.service} call budget is spent`;
      return {
        error: new UpstreamRequestError(
          request.failureMessage,
          'budget',
          detail,
          undefined,
          undefined,
          undefined,
          Math.max(1, Math.ceil(refusal.retryAfterMs / 1000)),
        ),
        isRetryable: false,
      };
    }
  }
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let text: string;
  try {
    const reached = await fetchWithinOrigin(url, request, signal);
    if ('error' in reached) return { error: reached.error, isRetryable: false };
    response = reached.response;
    const body = await readLimited(response, request.maxBytes ?? DEFAULT_MAX_BYTES);
    if (body === null) {
      const limit = request.maxBytes ?? DEFAULT_MAX_BYTES;
      const detail = `${describe(url)} answered more than ${limit} bytes; the answer was cut off`;
      return {
        error: new UpstreamRequestError(request.failureMessage, 'too-large', detail, response.status),
        isRetryable: false,
      };
    }
    text = body;
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

/**
 * Fetches `url`, following redirects only to the same origin, only for GET, and without the
 * credentials of the first request: a service (or someone in its place) must not send us, let
 * alone our tokens, to another host such as an internal address.
 */
async function fetchWithinOrigin(
  url: string,
  request: JsonRequest,
  signal: AbortSignal,
): Promise<{ response: Response } | { error: UpstreamRequestError }> {
  const origin = new URL(url).origin;
  const method = request.method ?? 'GET';
  let headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let current = url;
  for (let hop = 0; ; hop++) {
    const response = await fetch(current, {
      method,
      headers,
      body: hop === 0 ? request.body : undefined,
      signal,
      redirect: 'manual',
    });
    if (!REDIRECT_STATUSES.has(response.status)) return { response };
    await response.body?.cancel();
    const location = response.headers.get('location');
    const target = location === null ? null : safeUrl(location, current);
    const refusal =
      target === null
        ? 'a redirect without a usable Location'
        : target.origin !== origin
          ? `a redirect to another origin (${target.origin})`
          : method !== 'GET'
            ? `a redirect of a ${method}`
            : hop >= MAX_REDIRECTS
              ? `more than ${MAX_REDIRECTS} redirects`
              : null;
    if (refusal !== null || target === null) {
      const detail = `${describe(url)} answered ${refusal}; not followed`;
      return { error: new UpstreamRequestError(request.failureMessage, 'redirect', detail, response.status) };
    }
    headers = Object.fromEntries(
      Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name.toLowerCase())),
    );
    current = target.href;
  }
}

function safeUrl(location: string, base: string): URL | null {
  try {
    return new URL(location, base);
  } catch {
    return null;
  }
}

/**
 * The body as text, or null once it is larger than `maxBytes`: the stream is cancelled at that
 * point, so a huge answer never sits in memory whole.
 */
async function readLimited(response: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      return null;
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
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
