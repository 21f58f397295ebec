import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { forbidden } from '../errors.js';
import { signedIn } from './signed-in.js';

/** The admin rule of `adminProcedure` and the plain admin routes: role admin, or 403 FORBIDDEN. */
export function assertAdmin(user: { role: string }): void {
  if (user.role !== 'admin') throw forbidden('This area is for administrators only.');
}

/** The signed-in admin of a plain (non-tRPC) request: 401 when signed out, 403 for everyone else. */
export async function requireAdmin(deps: AppDeps, req: FastifyRequest) {
  const { user } = await signedIn(deps, req);
  assertAdmin(user);
  return user;
}
