import type { ErrorCode } from '@fm/contract';

/**
 * The one error type services throw. `code` is the stable UPPER_SNAKE code clients branch on,
 * `message` is shown to people, `status` is the HTTP status it maps to.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number = 400,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message, 404);
export const validationError = (message: string, field?: string) =>
  new AppError('VALIDATION_ERROR', message, 400, field ? { field } : undefined);
export const unauthenticated = (message = 'Please log in to continue.') =>
  new AppError('UNAUTHENTICATED', message, 401);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError('FORBIDDEN', message, 403);

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  [extra: string]: unknown;
}
