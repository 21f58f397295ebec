/** What went wrong, as the admin error view groups it. */
export const ERROR_CATEGORIES = [
  'SERVER_ERROR',
  'CLIENT_ERROR',
  'DATABASE_ERROR',
  'AUTHENTICATION_ERROR',
  'VALIDATION_ERROR',
] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];
