import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;

/** A random 256-bit token for a cookie or an e-mailed link (URL-safe). */
export function generateToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** What the database stores instead of the token: a leaked table holds nothing usable. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
