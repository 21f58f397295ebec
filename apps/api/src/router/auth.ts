import { z } from 'zod';
import { provideCsrfToken } from '../http/csrf.js';
import { publicProcedure, router } from '../trpc.js';

export const authRouter = router({
  csrfToken: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/csrf-token', tags: ['auth'], summary: 'Get a CSRF token' } })
    .input(z.void())
    .output(z.object({ csrfToken: z.string() }))
    .query(({ ctx }) => ({ csrfToken: provideCsrfToken(ctx.req, ctx.reply, ctx.deps.config) })),
});
