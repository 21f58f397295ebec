import { z } from 'zod';
import { clearSessionCookie } from '../http/session-cookie.js';
import { deleteAccount } from '../services/account-deletion.js';
import { authedProcedure, router } from '../trpc.js';

export const userRouter = router({
  deleteMe: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/user/me', tags: ['user'], summary: 'Delete my account' } })
    .input(z.void())
    .output(z.object({ data: z.object({ message: z.string() }) }))
    .mutation(async ({ ctx }) => {
      const { message } = await deleteAccount(ctx.deps, ctx.user.id);
      clearSessionCookie(ctx.reply, ctx.deps.config);
      return { data: { message } };
    }),
});
