import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { AppError } from './errors.js';
import type { Context } from './context.js';
import { assertAdmin } from './http/admin-guard.js';
import { DATABASE_UNAVAILABLE, formatError, setRetryAfter, trpcCodeForStatus } from './http/error-format.js';
import { signedIn } from './http/signed-in.js';
import { callingUpstreamAs } from './integrations/upstream-caller.js';
import { countHeavyPublicRead } from './services/rate-limits/heavy-public-reads.js';

/**
 * Live subscriptions (server-sent events): a ping every 15 s keeps proxies from closing an idle
 * connection, and the client reconnects when it hears nothing for longer. The data-change stream's
 * own writer (http/live-event-stream.ts) keeps the same timing.
 */
export const LIVE_STREAM_TIMING = {
  ping: { enabled: true, intervalMs: 15_000 },
  client: { reconnectAfterInactivityMs: 40_000 },
} as const;

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    sse: LIVE_STREAM_TIMING,
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
          // Why a session ended (TOKEN_REVOKED), as the REST body says it.
          ...(typeof body.reason === 'string' ? { reason: body.reason } : {}),
        },
      };
    },
  });

/**
 * Services throw AppError, and the database layer DatabaseUnavailableError: give tRPC the
 * matching status so /trpc and /api agree, and send the Retry-After the formatter asks for.
 */
const appErrorsAsTrpc = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) return result;
  const formatted = formatError(result.error);
  setRetryAfter(ctx.reply, formatted);
  const cause = result.error.cause;
  if (cause instanceof AppError || formatted.body.code === DATABASE_UNAVAILABLE.body.code) {
    throw new TRPCError({
      code: trpcCodeForStatus(formatted.status),
      message: formatted.body.message,
      cause,
    });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;
/** Anyone may call it; upstream calls it makes are charged to the client's address. */
export const publicProcedure = t.procedure
  .use(appErrorsAsTrpc)
  .use(({ ctx, next }) => callingUpstreamAs(`address:${ctx.req.client}`, () => next()));

/** A public read that costs real work on every call: limited per client address. */
export const heavyPublicProcedure = publicProcedure.use(async ({ ctx, next }) => {
  await countHeavyPublicRead(ctx.deps, ctx.req.client);
  return next();
});

/**
 * A signed-in user: the session cookie must name a live session. Otherwise 401 with
 * UNAUTHENTICATED (no or unknown cookie), SESSION_EXPIRED or TOKEN_REVOKED.
 * Adds `ctx.user` (the database row) and `ctx.session`.
 */
export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const { user, session } = await signedIn(ctx.deps, ctx.req);
  // upstream calls are charged to the person too, whichever address they come from
  return callingUpstreamAs(`user:${user.id}`, () => next({ ctx: { user, session } }));
});

/** Role admin: 401 when signed out, 403 FORBIDDEN for everyone else. */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  assertAdmin(ctx.user);
  return next();
});
