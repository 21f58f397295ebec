import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from './deps.js';
// the request's `client` (who every per-address limit counts), as procedures read it
import type {} from './http/client-address.js';
import { newLoginRequestScope, type LoginRequestScope } from './services/auth/login.js';

/** What every procedure sees: the app's dependencies and this request's HTTP objects. */
export interface Context {
  deps: AppDeps;
  req: FastifyRequest;
  reply: FastifyReply;
  /** This request's logins: one per request, a batch included. */
  login: LoginRequestScope;
}

export function createContextFactory(deps: AppDeps) {
  return ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Context => ({
    deps,
    req,
    reply: res,
    login: newLoginRequestScope(),
  });
}
