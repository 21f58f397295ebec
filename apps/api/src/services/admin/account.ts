import { users } from '@fm/db';
import { eq } from 'drizzle-orm';
import { ConfigError } from '../../config.js';
import type { AppDeps } from '../../deps.js';
import { hashPassword, verifyPassword } from '../auth/password-hashing.js';
import { describePasswordProblem } from '@fm/contract';
import { revokeUserSessions } from '../auth/sessions.js';
import { findUserByEmail, normalizeEmail } from '../auth/users.js';

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD at start-up: creates that verified admin, or makes the existing
 * account an enabled, verified admin with that password. Sessions end only when the password
 * actually changed, so a restart does not log the admin out.
 */
export async function ensureAdminAccount(
  deps: AppDeps,
  admin: { email: string; password: string },
  now = new Date(),
): Promise<'created' | 'updated'> {
  const problem = describePasswordProblem(admin.password);
  if (problem) throw new ConfigError(`Invalid configuration: ADMIN_PASSWORD is too weak. ${problem}`);
  const email = normalizeEmail(admin.email);
  const { db } = deps.database;
  let existing = await findUserByEmail(deps, email);
  if (!existing) {
    // processes started together may both get here: one creates the account, the others update it
    const created = await db
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(admin.password),
        role: 'admin',
        emailVerifiedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created.length > 0) {
      deps.log.info({ email }, 'admin account created from ADMIN_EMAIL');
      return 'created';
    }
    existing = await findUserByEmail(deps, email);
    if (!existing) throw new Error('the admin account could not be created nor found');
  }
  const isSamePassword = await verifyPassword(existing.passwordHash, admin.password);
  await db
    .update(users)
    .set({
      role: 'admin',
      isDisabled: false,
      emailVerifiedAt: existing.emailVerifiedAt ?? now,
      archivedAt: null,
      updatedAt: now,
      ...(isSamePassword ? {} : { passwordHash: await hashPassword(admin.password) }),
    })
    .where(eq(users.id, existing.id));
  if (!isSamePassword) await revokeUserSessions(deps, existing.id, 'password-reset', now);
  deps.log.info({ email }, 'admin account ensured from ADMIN_EMAIL');
  return 'updated';
}
