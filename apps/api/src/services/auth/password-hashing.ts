import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the enum is a declared const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** OWASP Password Storage Cheat Sheet, argon2id first option: m=19 MiB, t=2, p=1. */
export const ARGON2_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * What an account holds while nobody may sign in with a password: a pending registration whose
 * address was claimed twice keeps no password until the owner of the address chooses one.
 */
export function unusablePasswordHash(): string {
  return `!unusable:${randomBytes(16).toString('base64url')}`;
}

export function isUsablePasswordHash(storedHash: string): boolean {
  return storedHash.startsWith('$argon2');
}

/** False for a wrong password and for a malformed or unusable stored hash (never throws on bad input). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  // As long as a real check, so an unusable password cannot be told from a wrong one.
  if (!isUsablePasswordHash(storedHash)) return verifyAgainstDummyHash(password).then(() => false);
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, for logins of unknown e-mails, so response time
 * does not reveal which addresses have accounts.
 */
export async function verifyAgainstDummyHash(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy password that no account uses');
  await verifyPassword(await dummyHash, password);
}
