import { users } from '@fm/db';
import { hashPassword } from '../src/services/auth/password-hashing.js';
import { signedInClient, STRONG_PASSWORD, uniqueEmail } from './accounts.js';
import type { TestClient, TestServer } from './harness.js';

export interface TestAccount {
  id: string;
  email: string;
  client: TestClient;
}

let cachedHash: Promise<string> | undefined;
/** One argon2 hash of STRONG_PASSWORD, shared by every account a test makes. */
const passwordHash = () => (cachedHash ??= hashPassword(STRONG_PASSWORD));

/** A verified account inserted straight into the database (role admin or user). */
export async function insertAccount(
  server: TestServer,
  options: {
    role?: 'admin' | 'user';
    email?: string;
    createdAt?: Date;
    lastActiveAt?: Date | null;
    signupIp?: string | null;
    isEmailVerified?: boolean;
  } = {},
): Promise<{ id: string; email: string }> {
  const email = options.email ?? uniqueEmail(options.role ?? 'user');
  const createdAt = options.createdAt ?? new Date();
  const [row] = await server.deps.database.db
    .insert(users)
    .values({
      email,
      passwordHash: await passwordHash(),
      role: options.role ?? 'user',
      emailVerifiedAt: options.isEmailVerified === false ? null : createdAt,
      signupIp: options.signupIp ?? null,
      createdAt,
      updatedAt: createdAt,
      lastActiveAt: options.lastActiveAt ?? null,
    })
    .returning();
  return { id: row!.id, email };
}

/** An account signed in through the real login endpoint. */
export async function signedInAccount(
  server: TestServer,
  role: 'admin' | 'user' = 'user',
): Promise<TestAccount> {
  const account = await insertAccount(server, { role });
  return { ...account, client: await signedInClient(server, account.email) };
}
