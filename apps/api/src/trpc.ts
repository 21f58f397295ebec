import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { AppError, forbidden } from './errors.js';
import type { Context } from './context.js';
import { formatError, trpcCodeForStatus } from './http/error-format.js';
import { readSessionToken } from './http/session-cookie.js';
import { authenticateSessionToken } from './services/sessions.js';

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const { body } = formatError(error);
      return {
        ...shape,
        message: body.message,
        // `appCode` is what clients branch on (the same code the REST paths answer).
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          appCode: body.code,
        },
      };
    },
  });

/**
 * Services throw AppError; give tRPC the matching status so /trpc and /api agree, and turn
 * a rate limit's wait into the Retry-After header.
 */
const appErrorsAsTrpc = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    const retryAfterSeconds = cause.details?.retryAfterSeconds;
    if (typeof retryAfterSeconds === 'number')
      void ctx.reply.header('Retry-After', String(retryAfterSeconds));
    throw new TRPCError({ code: trpcCodeForStatus(cause.status), message: cause.message, cause });
  }
  return result;
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The user a signed-in procedure authenticated, so the monitoring need not look the session up again. */
    authenticatedUserId: string | null;
  }
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;
/** Anyone may call it. */
export const publicProcedure = t.procedure.use(appErrorsAsTrpc);

/**
 * A signed-in user: the session cookie must name a live session. Otherwise 401 with
 * UNAUTHENTICATED (no or unknown cookie), SESSION_EXPIRED or TOKEN_REVOKED.
 * Adds `ctx.user` (the database row) and `ctx.session`.
 */
export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const { user, session } = await authenticateSessionToken(ctx.deps, readSessionToken(ctx.req));
  ctx.req.authenticatedUserId = user.id;
  return next({ ctx: { user, session } });
});

/** Role admin: 401 when signed out, 403 FORBIDDEN for everyone else. */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw forbidden('This area is for administrators only.');
  return next();
});
