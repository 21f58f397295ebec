import { z } from 'zod';
import { clearSessionCookie } from '../http/session-cookie.js';
import { AppError } from '../errors.js';
import { deleteOwnAccount } from '../services/auth/account-deletion.js';
import { requestEmailChange } from '../services/auth/account-email-change.js';
import { authedProcedure, router } from '../trpc.js';

export const userRouter = router({
  deleteMe: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/me/delete',
        tags: ['user'],
        summary: 'Delete my account (password required)',
      },
    })
    .input(z.object({ password: z.string().max(1024).optional() }))
    .output(z.object({ data: z.object({ message: z.string() }) }))
    .mutation(async ({ ctx, input }) => {
      const { message } = await deleteOwnAccount(ctx.deps, { user: ctx.user, password: input.password });
      clearSessionCookie(ctx.reply, ctx.deps.config);
      return { data: { message } };
    }),

  // A DELETE carries no body here, and a password does not belong in a URL.
  deleteMeWithoutPassword: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/user/me',
        tags: ['user'],
        summary: 'Refused: deleting my account needs my password (POST /api/user/me/delete)',
      },
    })
    .input(z.void())
    .output(z.object({ data: z.object({ message: z.string() }) }))
    .mutation(() => {
      throw new AppError(
        'PASSWORD_REQUIRED',
        'Deleting your account needs your password: POST /api/user/me/delete with {"password": …}.',
        400,
        { field: 'password' },
      );
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
