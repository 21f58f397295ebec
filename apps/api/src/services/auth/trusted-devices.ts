import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { normalizeEmail } from './users.js';

/**
 * A browser that has signed in to an account (or reset its password) carries a device token for
 * that account. Guessing spread over many addresses slows the account down for everyone else,
 * but never for such a browser: its owner is not locked out by strangers' guesses.
 */
export const TRUSTED_DEVICE_DAYS = 365;

function sign(email: string, nonce: string, secret: string): string {
  return createHmac('sha256', `device:${secret}`)
    .update(`${normalizeEmail(email)}:${nonce}`)
    .digest('base64url');
}

export function issueDeviceToken(email: string, secret: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(email, nonce, secret)}`;
}

export function isDeviceTrustedFor(email: string, token: string | undefined, secret: string): boolean {
  if (!token) return false;
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(email, nonce, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
