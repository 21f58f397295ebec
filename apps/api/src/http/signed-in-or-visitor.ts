import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { readSessionToken } from './session-cookie.js';
import { signedIn, type SignedIn } from './signed-in.js';

/**
 * Who is signed in on this request, or null for a visitor (no session cookie, or one that is unknown, expired or
 * revoked): for the reads anyone may make that answer a signed-in user more (their session, their saved scoring).
 * A visitor without a cookie costs no lookup.
 */
export async function signedInOrVisitor(deps: AppDeps, req: FastifyRequest): Promise<SignedIn | null> {
  if (!readSessionToken(req)) return null;
  try {
    return await signedIn(deps, req);
  } catch (error) {
    if (error instanceof AppError && error.status === 401) return null;
    throw error;
  }
}
