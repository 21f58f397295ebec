import { emailTokens } from '@fm/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { generateToken, hashToken } from './secure-tokens.js';

export type EmailTokenPurpose = 'verify-email' | 'reset-password' | 'change-email' | 'cancel-email-change';

/** How long an e-mailed link works. */
export const EMAIL_TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  'verify-email': 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
  'change-email': 24 * 60 * 60 * 1000,
  // Mailed to the old address with a change link: it works as long as that link does.
  'cancel-email-change': 24 * 60 * 60 * 1000,
};

export type EmailTokenCheck =
  | { status: 'valid'; userId: string; newEmail: string | null }
  | { status: 'used'; userId: string }
  | { status: 'expired' | 'unknown' };

/**
 * A new single-use token for the link; earlier unused tokens of the same purpose stop working.
 * `newEmail` is the address a 'change-email' link moves the account to.
 */
export async function issueEmailToken(
  deps: AppDeps,
  userId: string,
  purpose: EmailTokenPurpose,
  now = new Date(),
  newEmail?: string,
): Promise<string> {
  const { db } = deps.database;
  const token = generateToken();
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    newEmail: newEmail ?? null,
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS[purpose]),
    createdAt: now,
  });
  return token;
}

/**
 * Marks the token used and answers whose it was. A token works once: the conditional update
 * means two racing requests cannot both consume it.
 */
export async function consumeEmailToken(
  deps: AppDeps,
  token: string,
  purpose: EmailTokenPurpose,
  now = new Date(),
): Promise<EmailTokenCheck> {
  const { db } = deps.database;
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)))
    .limit(1);
  if (!row) return { status: 'unknown' };
  if (row.usedAt) return { status: 'used', userId: row.userId };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
  const claimed = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  return claimed.length === 1
    ? { status: 'valid', userId: row.userId, newEmail: row.newEmail }
    : { status: 'used', userId: row.userId };
}

/**
 * Every link ever mailed for the account stops working (a password reset or change, an email
 * change): whoever held one, or a mailbox the account has left, can no longer use it.
 */
export async function voidAccountLinks(deps: AppDeps, userId: string): Promise<void> {
  await deps.database.db.delete(emailTokens).where(eq(emailTokens.userId, userId));
}

/** The account's unused links of these purposes stop working. */
export async function voidLinks(deps: AppDeps, userId: string, purposes: EmailTokenPurpose[]): Promise<void> {
  await deps.database.db
    .delete(emailTokens)
    .where(and(eq(emailTokens.userId, userId), inArray(emailTokens.purpose, purposes)));
}
