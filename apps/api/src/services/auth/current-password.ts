import type { AppDeps } from '../../deps.js';
import { AppError, validationError } from '../../errors.js';
import { verifyPassword } from './password-hashing.js';
import type { RateLimitRule } from '../rate-limits/rate-limiter.js';
import type { UserRow } from './users.js';

/**
 * Wrong current passwords typed by one signed-in account (changing its password or e-mail):
 * a stolen session must not become a way to guess the password.
 */
export const CURRENT_PASSWORD_FAILURES_PER_ACCOUNT: RateLimitRule = {
  name: 'current-password-account',
  points: 5,
  durationSeconds: 15 * 60,
};

export const wrongCurrentPassword = () =>
  new AppError('INVALID_PASSWORD', 'Your current password is not correct.', 400, {
    field: 'currentPassword',
  });

/**
 * Confirms that the person at the keyboard knows the account's password. Each attempt counts
 * against the account; a correct one gives its attempt back.
 */
export async function requireCurrentPassword(
  deps: AppDeps,
  user: UserRow,
  password: string | undefined,
): Promise<void> {
  if (!password) throw validationError('Please enter your current password.', 'currentPassword');
  await deps.rateLimiter.consume(CURRENT_PASSWORD_FAILURES_PER_ACCOUNT, user.id);
  if (!(await verifyPassword(user.passwordHash, password))) throw wrongCurrentPassword();
  await deps.rateLimiter.refund(CURRENT_PASSWORD_FAILURES_PER_ACCOUNT, user.id);
}
