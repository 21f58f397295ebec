import type { ErrorCode } from './error-codes.js';

/** CSRF double submit: the server sets the token in this cookie; every write sends it back in this header. */
export const CSRF_COOKIE = 'csrf-token';
/** Header names are case-insensitive; Node hands them to the server in lower case. */
export const CSRF_HEADER = 'x-csrf-token';

/** Error codes that end a signed-in session: the browser signs out when any answer carries one. */
export const SESSION_ENDING_CODES = [
  'SESSION_EXPIRED',
  'TOKEN_REVOKED',
] as const satisfies readonly ErrorCode[];
export type SessionEndingCode = (typeof SESSION_ENDING_CODES)[number];

export function isSessionEndingCode(code: string): code is SessionEndingCode {
  return (SESSION_ENDING_CODES as readonly string[]).includes(code);
}
