import { isErrorCode, type ErrorCode } from '@fm/contract';
import { TRPCClientError } from '@trpc/client';
import { ApiError, NetworkError } from './api-client';

/**
 * The server's error code (`RATE_LIMITED`, `SESSION_EXPIRED`, `VALIDATION_ERROR`…) of a failed
 * call, from the typed client or the REST client alike; undefined when no server answered.
 */
export function appErrorCode(error: unknown): ErrorCode | undefined {
  if (error instanceof TRPCClientError) {
    const appCode = (error.data as { appCode?: unknown } | undefined)?.appCode;
    return isErrorCode(appCode) ? appCode : undefined;
  }
  return error instanceof ApiError ? error.code : undefined;
}

/** The HTTP status of the answer to a failed call; undefined when no server answered. */
export function appErrorStatus(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) {
    const data = error.data as { httpStatus?: number } | undefined;
    const response = (error.meta as { response?: { status?: number } } | undefined)?.response;
    return data?.httpStatus ?? response?.status;
  }
  return error instanceof ApiError ? error.status : undefined;
}

/** The call never got an answer (offline, timeout…). */
export function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof NetworkError || (error instanceof TRPCClientError && error.cause instanceof NetworkError)
  );
}

/** The server's message for people, or `fallback` when the failure carried no code (and so no message of ours). */
export function appErrorMessage(error: unknown, fallback: string): string {
  if (appErrorCode(error) === undefined || !(error instanceof Error)) return fallback;
  return error.message || fallback;
}
