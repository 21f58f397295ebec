import { espnLeagues, leagueConnections, users } from '@fm/db';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';

/** The user as the API shows it (contract: login → {user}, /auth/me → {data: user}). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'user']),
  hasLinkedLeagues: z.boolean(),
  isDisabled: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export type UserRow = typeof users.$inferSelect;

/** E-mail addresses are compared and stored lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const emailShape = z.email();
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && emailShape.safeParse(email).success;
}

export async function findUserByEmail(deps: AppDeps, email: string): Promise<UserRow | undefined> {
  const [row] = await deps.database.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return row;
}

export async function findUserById(deps: AppDeps, id: string): Promise<UserRow | undefined> {
  const [row] = await deps.database.db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Every `auth/me` says it, so it is kept with the session (linking or unlinking forgets it). */
export async function hasLinkedLeagues(deps: AppDeps, userId: string): Promise<boolean> {
  return deps.sessionCache.userFact(userId, 'hasLinkedLeagues', Date.now(), async () => {
    const [accounts, espn] = await Promise.all([
      deps.database.db
        .select({ id: leagueConnections.id })
        .from(leagueConnections)
        .where(eq(leagueConnections.userId, userId))
        .limit(1),
      deps.database.db
        .select({ id: espnLeagues.id })
        .from(espnLeagues)
        .where(eq(espnLeagues.userId, userId))
        .limit(1),
    ]);
    return accounts.length + espn.length > 0;
  });
}

/** Only these fields ever leave the server; the password hash never does. */
export async function toSessionUser(deps: AppDeps, user: UserRow): Promise<SessionUser> {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    hasLinkedLeagues: await hasLinkedLeagues(deps, user.id),
    isDisabled: user.isDisabled,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}
