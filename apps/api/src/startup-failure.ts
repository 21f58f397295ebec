import { DrizzleQueryError } from 'drizzle-orm';
import { ConfigError } from './config.js';

/**
 * One line saying why start-up failed. A failed query is described by the database's own message:
 * drizzle's wrapper repeats the statement with its parameters, which may hold a password hash.
 */
export function describeStartupFailure(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return `Start-up failed: ${message.split('\n', 1)[0]}`;
}
