import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { AppError } from '../../errors.js';

/**
 * Yahoo tokens are stored encrypted with AES-256-GCM under a key derived (HKDF-SHA256) from the
 * server secret. Format: `v1.<iv>.<auth tag>.<ciphertext>`, base64url parts; the version lets a
 * later key or algorithm coexist with rows written today.
 */
export const TOKEN_CIPHER_VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Domain separation: the same server secret also signs cookies, so this key must differ. */
const HKDF_SALT = 'fantasy-matchup/yahoo-token-encryption';
const HKDF_INFO = 'aes-256-gcm v1';

export const tokenUnreadable = () =>
  new AppError(
    'YAHOO_TOKEN_UNREADABLE',
    'The stored Yahoo link could not be read. Please link Yahoo again.',
    409,
  );

export interface TokenCipher {
  /** `context` (e.g. the user id) is authenticated but not stored: a ciphertext copied to another row fails. */
  encrypt(plaintext: string, context?: string): string;
  decrypt(ciphertext: string, context?: string): string;
}

export function createTokenCipher(secret: string): TokenCipher {
  if (secret.length < 16) throw new Error('The token encryption secret must be at least 16 characters.');
  const key = Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, HKDF_INFO, KEY_BYTES));
  return {
    encrypt(plaintext, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [TOKEN_CIPHER_VERSION, iv, cipher.getAuthTag(), encrypted].map(encodePart).join('.');
    },
    decrypt(ciphertext, context = '') {
      const [version, iv, tag, encrypted, ...extra] = ciphertext.split('.');
      if (version !== TOKEN_CIPHER_VERSION || !iv || !tag || encrypted === undefined || extra.length > 0) {
        throw tokenUnreadable();
      }
      try {
        const ivBytes = Buffer.from(iv, 'base64url');
        const tagBytes = Buffer.from(tag, 'base64url');
        if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw tokenUnreadable();
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([
          decipher.update(Buffer.from(encrypted, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw tokenUnreadable();
      }
    },
  };
}

function encodePart(part: string | Buffer): string {
  return typeof part === 'string' ? part : part.toString('base64url');
}
