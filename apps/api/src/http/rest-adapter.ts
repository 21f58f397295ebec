import type { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fastifyTRPCOpenApiPlugin } from 'trpc-to-openapi';
import type { AppDeps } from '../deps.js';
import { createContextFactory } from '../context.js';
import { appRouter } from '../router/root.js';
import { formatError, isLoggedPerRequest, setRetryAfter, type FormattedError } from './error-format.js';

/**
 * The documented /api paths: each tRPC procedure with `meta.openapi` answers at its path.
 * trpc-to-openapi writes its own error body; we swap it for our `{code, message}` body,
 * computed from the real error by the one formatter.
 */
export async function registerRestAdapter(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const errors = new WeakMap<FastifyRequest, FormattedError>();
  await app.register(async (scope) => {
    // The plugin's async handler calls reply.send() and resolves with undefined; while an async
    // onSend hook (compression) is still running, Fastify would then send a second, empty body.
    // Resolving with the reply tells Fastify the answer is already on its way.
    scope.addHook('onRoute', (route) => {
      const handler = route.handler as (this: unknown, ...args: unknown[]) => Promise<unknown>;
      route.handler = async function (this: unknown, req, reply) {
        await handler.call(this, req, reply);
        return reply;
      };
    });
    scope.addHook('onSend', async (req, reply, payload) => {
      const formatted = errors.get(req);
      if (!formatted) return payload;
      reply.code(formatted.status);
      setRetryAfter(reply, formatted);
      reply.header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify(formatted.body);
    });
    await scope.register(fastifyTRPCOpenApiPlugin, {
      basePath: '/api',
      router: appRouter,
      createContext: createContextFactory(deps) as never,
      responseMeta: ({ errors: thrown }: { errors: TRPCError[] }) =>
        thrown.length > 0 ? { status: formatError(thrown[0]).status } : {},
      onError: ({ error, req }: { error: TRPCError; req: unknown }) => {
        const formatted = formatError(error);
        errors.set(req as unknown as FastifyRequest, formatted);
        if (isLoggedPerRequest(formatted)) deps.log.error({ err: error.cause ?? error }, 'request failed');
      },
    });
  });
}
