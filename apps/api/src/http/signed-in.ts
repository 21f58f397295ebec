import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  authenticateSessionToken,
  type SessionDeps,
  type SessionRow,
  type SessionUserRow,
} from '../services/auth/sessions.js';
import { readSessionToken } from './session-cookie.js';

export interface SignedIn {
  user: SessionUserRow;
  session: SessionRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's sign-in once someone asked for it (see signedIn). */
    signedInLookup: Promise<SignedIn> | null;
    /** The user the request's session cookie named, once signedIn succeeded (the monitoring reads it). */
    authenticatedUserId: string | null;
  }
}

/** Gives every request the two slots signedIn fills, so all requests keep one shape. */
export function registerSignedIn(app: FastifyInstance): void {
  app.decorateRequest('signedInLookup', null);
  app.decorateRequest('authenticatedUserId', null);
}

/**
 * Who is signed in on this request: the user and live session behind its session cookie, or the
 * 401 saying why not (UNAUTHENTICATED, SESSION_EXPIRED, TOKEN_REVOKED). The one place every guard
 * (tRPC's authedProcedure, the admin routes, the direct matchup routes) asks; it is resolved at
 * most once per request, whoever asks first, and only for requests that ask.
 */
export function signedIn(deps: SessionDeps, req: FastifyRequest): Promise<SignedIn> {
  req.signedInLookup ??= authenticateSessionToken(deps, readSessionToken(req)).then((found) => {
    req.authenticatedUserId = found.user.id;
    return found;
  });
  return req.signedInLookup;
}
