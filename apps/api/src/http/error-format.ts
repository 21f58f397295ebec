import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { ErrorCode } from '@fm/contract';
import { isDatabaseUnavailable } from '@fm/db';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { AppError, type ErrorBody } from '../errors.js';

export interface FormattedError {
  status: number;
  body: ErrorBody;
  /** Seconds after which the client may try again, sent as the Retry-After header. */
  retryAfterSeconds?: number | undefined;
}

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
const DATABASE_MESSAGE = 'The database could not complete the request. Please try again.';
/** While the database is unreachable it is probed every half second; clients may try again after this. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** 503 DATABASE_UNAVAILABLE: the database cannot be reached right now (answered at once, not after a wait). */
export const DATABASE_UNAVAILABLE: FormattedError = {
  status: 503,
  body: {
    code: 'DATABASE_UNAVAILABLE',
    message: 'The database is not reachable right now. Please try again in a few seconds.',
  },
  retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
};

/**
 * Whether a request that failed this way deserves its own error log line: server faults do, but an
 * unreachable database is logged once when it goes and once when it returns, not per request, and
 * load shed on purpose (a 503 with Retry-After, e.g. a full simulation queue) is no fault.
 */
export function isLoggedPerRequest(formatted: FormattedError): boolean {
  return (
    formatted.status >= 500 && formatted !== DATABASE_UNAVAILABLE && formatted.retryAfterSeconds === undefined
  );
}

/** Sends the Retry-After header a formatted error asks for, if any. */
export function setRetryAfter(reply: FastifyReply, formatted: FormattedError): void {
  if (formatted.retryAfterSeconds !== undefined)
    void reply.header('Retry-After', String(formatted.retryAfterSeconds));
}

/** tRPC's own codes, for errors raised by tRPC itself rather than by our services. */
const TRPC_CODE_TO_APP: Partial<Record<TRPC_ERROR_CODE_KEY, [number, ErrorCode, string]>> = {
  PARSE_ERROR: [400, 'INVALID_JSON', 'The request body is not valid JSON.'],
  BAD_REQUEST: [400, 'BAD_REQUEST', 'The request is not valid.'],
  UNAUTHORIZED: [401, 'UNAUTHENTICATED', 'Please log in to continue.'],
  FORBIDDEN: [403, 'FORBIDDEN', 'You do not have permission to do that.'],
  NOT_FOUND: [404, 'NOT_FOUND', 'Not found.'],
  METHOD_NOT_SUPPORTED: [405, 'METHOD_NOT_ALLOWED', 'That method is not allowed here.'],
  PAYLOAD_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.'],
  TOO_MANY_REQUESTS: [429, 'RATE_LIMITED', 'Too many requests. Please wait and try again.'],
};

/** The HTTP status of an AppError, as the closest tRPC code (so /trpc answers the same status). */
export function trpcCodeForStatus(status: number): TRPC_ERROR_CODE_KEY {
  const byStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    422: 'UNPROCESSABLE_CONTENT',
    429: 'TOO_MANY_REQUESTS',
    502: 'BAD_GATEWAY',
    503: 'SERVICE_UNAVAILABLE',
    504: 'GATEWAY_TIMEOUT',
  };
  return byStatus[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
}

/** "email: Invalid email address" — the first issue, naming the field. */
export function describeZodError(error: ZodError): { message: string; field: string | undefined } {
  const issue = error.issues[0];
  if (!issue) return { message: 'The request is not valid.', field: undefined };
  const field = issue.path.length > 0 ? issue.path.join('.') : undefined;
  return { message: field ? `${field}: ${issue.message}` : issue.message, field };
}

/**
 * The one formatter: any thrown value → HTTP status and `{code, message}` body.
 * Unknown errors become a generic 500 with no detail (the log keeps the detail).
 */
export function formatError(error: unknown): FormattedError {
  const cause = error instanceof TRPCError && error.cause ? error.cause : error;
  if (cause instanceof AppError) {
    const retryAfterSeconds = cause.details?.retryAfterSeconds;
    return {
      status: cause.status,
      body: { code: cause.code, message: cause.message, ...cause.details },
      ...(typeof retryAfterSeconds === 'number' ? { retryAfterSeconds } : {}),
    };
  }
  if (isDatabaseUnavailable(error)) return DATABASE_UNAVAILABLE;
  if (cause instanceof ZodError || (cause instanceof Error && cause.name === 'ZodError')) {
    const { message, field } = describeZodError(cause as ZodError);
    return { status: 400, body: { code: 'VALIDATION_ERROR', message, ...(field ? { field } : {}) } };
  }
  if (error instanceof TRPCError) {
    const known = TRPC_CODE_TO_APP[error.code];
    if (known) {
      const [status, code, fallback] = known;
      // tRPC's own messages for these are safe and specific ("No procedure found…"); keep ours simple.
      return {
        status,
        body: { code, message: error.code === 'NOT_FOUND' ? fallback : error.message || fallback },
      };
    }
  }
  // A distinct code lets the admin error log count database failures apart from other 500s.
  if (cause instanceof DrizzleQueryError || (cause instanceof Error && cause.name === 'PostgresError')) {
    return { status: 500, body: { code: 'DATABASE_ERROR', message: DATABASE_MESSAGE } };
  }
  const fastifyStatus = (error as { statusCode?: number } | null)?.statusCode;
  if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
    return formatFastifyClientError(error as Error & { statusCode: number; code?: string });
  }
  return { status: 500, body: { code: 'INTERNAL_ERROR', message: INTERNAL_MESSAGE } };
}

function formatFastifyClientError(error: Error & { statusCode: number; code?: string }): FormattedError {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' } };
    case 'FST_ERR_BAD_URL':
      return { status: 400, body: { code: 'BAD_URL', message: 'The address is not a valid URL.' } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'That content type is not accepted.' },
      };
    default:
      if (error.statusCode === 429) {
        return {
          status: 429,
          body: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait and try again.' },
        };
      }
      return {
        status: error.statusCode,
        body: { code: 'BAD_REQUEST', message: 'The request is not valid.' },
      };
  }
}
