import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { authenticateSessionToken } from './sessions.js';

/**
 * The user a session cookie names, or null for a visitor (no cookie, or one that is unknown, expired or revoked):
 * for the reads anyone may make that answer a signed-in user more (their session, their saved scoring).
 */
export async function findSignedInUser(
  deps: AppDeps,
  token: string | undefined,
): Promise<Awaited<ReturnType<typeof authenticateSessionToken>> | null> {
  if (!token) return null;
  try {
    return await authenticateSessionToken(deps, token);
  } catch (error) {
    if (error instanceof AppError && error.status === 401) return null;
    throw error;
  }
}
