import type { ProjectionQueryParsed } from '@fm/contract';
import { isDatabaseUnavailable } from '@fm/db';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import type { ScoringViewer } from '../services/auth/scoring-preference.js';
import { signedInOrVisitor } from './signed-in-or-visitor.js';

/**
 * Who is asking on the public projections path, looked up only when it changes the answer (a league named, or no
 * scoring asked for, which defaults to the caller's saved one): a visitor's request costs no session lookup.
 * While the database is unreachable a sign-in cannot be checked; a request naming no league is then answered
 * as a visitor's (its `scoring` says which), so the public list stays readable from what is cached.
 */
export async function publicViewer(
  deps: AppDeps,
  req: FastifyRequest,
  input: Pick<ProjectionQueryParsed, 'scoring' | 'league'>,
): Promise<ScoringViewer | null> {
  if (input.scoring && !input.league) return null;
  try {
    return (await signedInOrVisitor(deps, req))?.user ?? null;
  } catch (error) {
    if (!input.league && isDatabaseUnavailable(error)) return null;
    throw error;
  }
}
