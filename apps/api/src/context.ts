import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from './deps.js';

/** What every procedure sees: the app's dependencies and this request's HTTP objects. */
export interface Context {
  deps: AppDeps;
  req: FastifyRequest;
  reply: FastifyReply;
}

export function createContextFactory(deps: AppDeps) {
  return ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Context => ({ deps, req, reply: res });
}
