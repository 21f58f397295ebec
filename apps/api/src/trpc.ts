import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { AppError } from './errors.js';
import type { Context } from './context.js';
import { formatError, trpcCodeForStatus } from './http/error-format.js';

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
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, appCode: body.code },
      };
    },
  });

/** Services throw AppError; give tRPC the matching status so /trpc and /api agree. */
const appErrorsAsTrpc = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: trpcCodeForStatus(cause.status), message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;
/** Anyone may call it. */
export const publicProcedure = t.procedure.use(appErrorsAsTrpc);
