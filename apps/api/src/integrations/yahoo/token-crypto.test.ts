import { describe, expect, it } from 'vitest';
import { createTokenCipher } from './token-crypto.js';

const SECRET = 'a-session-secret-of-at-least-32-characters!!';
const TOKEN = 'Jzxbkqqcvjqik2IMxGFEE1cuaos--';

describe('token encryption at rest', () => {
  const cipher = createTokenCipher(SECRET);

  it('round-trips a token, never storing it in clear', () => {
    const sealed = cipher.encrypt(TOKEN, 'user-1');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain(TOKEN);
    expect(cipher.decrypt(sealed, 'user-1')).toBe(TOKEN);
  });

  it('uses a fresh IV every time', () => {
    expect(cipher.encrypt(TOKEN)).not.toBe(cipher.encrypt(TOKEN));
  });

  it('detects a changed ciphertext, tag or IV', () => {
    const sealed = cipher.encrypt(TOKEN);
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64url');
    };
    for (const tampered of [
      [version, iv, tag, flip(body)],
      [version, iv, flip(tag), body],
      [version, flip(iv), tag, body],
    ]) {
      expect(() => cipher.decrypt(tampered.join('.'))).toThrow(
        expect.objectContaining({ code: 'YAHOO_TOKEN_UNREADABLE' }),
      );
    }
  });

  it('refuses another secret, another context, an unknown version and garbage', () => {
    const sealed = cipher.encrypt(TOKEN, 'user-1');
    expect(() => createTokenCipher(`${SECRET}x`).decrypt(sealed, 'user-1')).toThrow(/link Yahoo again/);
    expect(() => cipher.decrypt(sealed, 'user-2')).toThrow(/link Yahoo again/);
    expect(() => cipher.decrypt(sealed.replace(/^v1\./, 'v9.'), 'user-1')).toThrow(/link Yahoo again/);
    expect(() => cipher.decrypt('not-a-token')).toThrow(/link Yahoo again/);
  });

  it('rejects a secret too short to derive a key from', () => {
    expect(() => createTokenCipher('short')).toThrow(/at least 16/);
  });
});
