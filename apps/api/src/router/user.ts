import { z } from 'zod';
import { clearSessionCookie } from '../http/session-cookie.js';
import { deleteAccount } from '../services/auth/account-deletion.js';
import { requestEmailChange } from '../services/auth/account-email-change.js';
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

  requestEmailChange: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/email-change',
        tags: ['user'],
        summary:
          'Mail a confirmation link to a new address (password required); the email changes when it is followed',
      },
    })
    .input(
      z.object({
        password: z.string().max(1024).optional(),
        newEmail: z.string().max(320).optional(),
      }),
    )
    .output(z.object({ data: z.object({ message: z.string() }) }))
    .mutation(async ({ ctx, input }) => ({
      data: await requestEmailChange(ctx.deps, { user: ctx.user, ...input }),
    })),
});
