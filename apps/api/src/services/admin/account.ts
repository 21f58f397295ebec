import { users } from '@fm/db';
import { ConfigError } from '../../config.js';
import type { AppDeps } from '../../deps.js';
import { hashPassword } from '../auth/password-hashing.js';
import { describePasswordProblem } from '@fm/contract';
import { findUserByEmail, normalizeEmail } from '../auth/users.js';

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD at start-up create the first admin: a verified admin account with that
 * password, when no account has the address. An account that exists is left as it is: its password
 * may have been changed after ADMIN_PASSWORD leaked, and re-applying the variable at every start
 * would bring the leaked one back; nor is an existing user promoted (whoever registered the address
 * first chose its password). Processes started together may race: one creates, the others find it.
 */
export async function ensureAdminAccount(
  deps: AppDeps,
  admin: { email: string; password: string },
  now = new Date(),
): Promise<'created' | 'existing'> {
  const problem = describePasswordProblem(admin.password);
  if (problem) throw new ConfigError(`Invalid configuration: ADMIN_PASSWORD is too weak. ${problem}`);
  const email = normalizeEmail(admin.email);
  const existing = await findUserByEmail(deps, email);
  if (!existing) {
    const created = await deps.database.db
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
  }
  if (existing && existing.role !== 'admin')
    deps.log.warn({ email }, 'ADMIN_EMAIL names an existing account that is not an admin: left as it is');
  else deps.log.info({ email }, 'ADMIN_EMAIL account exists: ADMIN_PASSWORD is not applied to it');
  return 'existing';
}
