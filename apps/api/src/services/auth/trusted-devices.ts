import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { normalizeEmail } from './users.js';

/**
 * A browser that has signed in to an account (or reset its password) carries a device token for
 * that account. Guessing spread over many addresses slows the account down for everyone else,
 * but never for such a browser: its owner is not locked out by strangers' guesses.
 * The token is signed over the address and a fingerprint of the account's password hash, so a
 * new password (reset or change) or a new address ends every device token issued before.
 */
export const TRUSTED_DEVICE_DAYS = 365;

/** What a device token is tied to: the account's address and its current password. */
export interface DeviceOwner {
  email: string;
  passwordHash: string;
}

function passwordVersion(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
}

function sign(owner: DeviceOwner, nonce: string, secret: string): string {
  return createHmac('sha256', `device:${secret}`)
    .update(`${normalizeEmail(owner.email)}:${passwordVersion(owner.passwordHash)}:${nonce}`)
    .digest('base64url');
}

export function issueDeviceToken(owner: DeviceOwner, secret: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(owner, nonce, secret)}`;
}

export function isDeviceTrustedFor(
  owner: DeviceOwner | undefined,
  token: string | undefined,
  secret: string,
): boolean {
  if (!owner || !token) return false;
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(owner, nonce, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
