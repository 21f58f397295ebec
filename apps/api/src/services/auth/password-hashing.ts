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

/** False for a wrong password and for a malformed stored hash (never throws on bad input). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
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
