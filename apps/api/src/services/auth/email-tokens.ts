import { emailTokens, users } from '@fm/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { generateToken, hashToken } from './secure-tokens.js';

export type EmailTokenPurpose =
  'verify-email' | 'reset-password' | 'change-email' | 'cancel-email-change' | 'undo-email-change';

/** How long an e-mailed link works. */
export const EMAIL_TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  'verify-email': 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
  'change-email': 24 * 60 * 60 * 1000,
  // Mailed to the old address with a change link: it works as long as that link does.
  'cancel-email-change': 24 * 60 * 60 * 1000,
  // Mailed to the old address once a change is done: its owner may be away for days.
  'undo-email-change': 7 * 24 * 60 * 60 * 1000,
};

/**
 * Links not bound to the password they were issued under. The "this wasn't me" link exists for
 * the owner whose account was taken, and whoever took it will have changed the password; a
 * verification link wipes the password itself when followed elsewhere, and must lead to choosing
 * one again if a mail scanner went first (every other password write deletes it).
 */
const SURVIVES_PASSWORD_CHANGE: ReadonlySet<EmailTokenPurpose> = new Set([
  'undo-email-change',
  'verify-email',
]);

export type EmailTokenCheck =
  | {
      status: 'valid';
      userId: string;
      newEmail: string | null;
      /** The account's password hash when the link was checked: a later write can require it unchanged. */
      passwordHash: string;
    }
  | { status: 'used'; userId: string }
  | { status: 'expired' | 'unknown' };

/** What a link remembers of the password it was issued under (a digest, never the hash itself). */
export function passwordStampOf(passwordHash: string): string {
  return hashToken(`password-stamp:${passwordHash}`);
}

/**
 * A new single-use token for the link; earlier unused tokens of the same purpose stop working
 * (unless `keepsEarlier`).
 * `newEmail` is the address a 'change-email' link moves the account to ('undo-email-change': back
 * to). The link is bound to the account's password: the one stamped `underPasswordStamp` when
 * the caller checked it, else the current one. None is issued when the account has moved past that
 * password already (answers null), and a link whose password has moved since is refused when
 * followed, so no link issued around a password reset survives it.
 */
export async function issueEmailToken(
  deps: AppDeps,
  userId: string,
  purpose: EmailTokenPurpose,
  options: {
    now?: Date;
    newEmail?: string | undefined;
    underPasswordStamp?: string | undefined;
    /** Earlier unused links of the purpose keep working (each "this wasn't me" link has its own address). */
    keepsEarlier?: boolean;
  } = {},
): Promise<string | null> {
  const { db } = deps.database;
  const now = options.now ?? new Date();
  const token = generateToken();
  const issued = await db.transaction(async (tx) => {
    // The row lock orders this issue with a password write: either that write comes later and
    // voids the link, or it came first and the stamp below no longer matches.
    const [user] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) return false;
    const stamp = passwordStampOf(user.passwordHash);
    if (options.underPasswordStamp !== undefined && options.underPasswordStamp !== stamp) return false;
    if (!options.keepsEarlier)
      await tx
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
        );
    await tx.insert(emailTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      newEmail: options.newEmail ?? null,
      passwordStamp: stamp,
      expiresAt: new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS[purpose]),
      createdAt: now,
    });
    return true;
  });
  return issued ? token : null;
}

/**
 * Marks the token used and answers whose it was. A token works once: the conditional update
 * means two racing requests cannot both consume it. Past its lifetime a link is expired whether
 * or not it was used; a link issued under a password the account no longer has is unknown.
 */
export async function consumeEmailToken(
  deps: AppDeps,
  token: string,
  purpose: EmailTokenPurpose,
  now = new Date(),
): Promise<EmailTokenCheck> {
  const { db } = deps.database;
  const [row] = await db
    .select({ token: emailTokens, passwordHash: users.passwordHash })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)))
    .limit(1);
  if (!row) return { status: 'unknown' };
  const { token: link, passwordHash } = row;
  if (link.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
  if (!SURVIVES_PASSWORD_CHANGE.has(purpose) && link.passwordStamp !== passwordStampOf(passwordHash))
    return { status: 'unknown' };
  if (link.usedAt) return { status: 'used', userId: link.userId };
  const claimed = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.id, link.id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  return claimed.length === 1
    ? { status: 'valid', userId: link.userId, newEmail: link.newEmail, passwordHash }
    : { status: 'used', userId: link.userId };
}

/**
 * Every link ever mailed for the account stops working (a password reset or change, an email
 * change, a disabled account): whoever held one, or a mailbox the account has left, can no
 * longer use it. `except` keeps links of those purposes.
 */
export async function voidAccountLinks(
  deps: Pick<AppDeps, 'database'>,
  userId: string,
  except: EmailTokenPurpose[] = [],
): Promise<void> {
  const purposes = ALL_PURPOSES.filter((purpose) => !except.includes(purpose));
  await deps.database.db
    .delete(emailTokens)
    .where(and(eq(emailTokens.userId, userId), inArray(emailTokens.purpose, purposes)));
}

const ALL_PURPOSES = Object.keys(EMAIL_TOKEN_LIFETIME_MS) as EmailTokenPurpose[];

/** The account's unused links of these purposes stop working. */
export async function voidLinks(deps: AppDeps, userId: string, purposes: EmailTokenPurpose[]): Promise<void> {
  await deps.database.db
    .delete(emailTokens)
    .where(and(eq(emailTokens.userId, userId), inArray(emailTokens.purpose, purposes)));
}
