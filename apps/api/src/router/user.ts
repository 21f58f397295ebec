import { SCORING_FORMATS } from '@fm/contract';
import { z } from 'zod';
import { clearSessionCookie } from '../http/session-cookie.js';
import type { AppDeps } from '../deps.js';
import type { UserRow } from '../services/auth/users.js';
import { deleteOwnAccount } from '../services/auth/account-deletion.js';
import { requestEmailChange } from '../services/auth/account-email-change.js';
import { readScoringPreference, saveScoringPreference } from '../services/auth/scoring-preference.js';
import { authedProcedure, router } from '../trpc.js';

const deleteMeInput = z.object({ password: z.string().max(1024).optional() });
const deleteMeOutput = z.object({ data: z.object({ message: z.string() }) });

/** Deletes the signed-in account once its password is typed again, and ends this browser's session. */
async function deleteMe(
  ctx: { deps: AppDeps; user: UserRow; reply: Parameters<typeof clearSessionCookie>[0] },
  password: string | undefined,
) {
  const { message } = await deleteOwnAccount(ctx.deps, { user: ctx.user, password });
  clearSessionCookie(ctx.reply, ctx.deps.config);
  return { data: { message } };
}

const scoringPreferenceOutput = z.object({
  data: z.object({
    scoring: z
      .enum(SCORING_FORMATS)
      .nullable()
      .describe(
        'ppr, half or std: what projections answer in when a request names no scoring; null: never chosen',
      ),
  }),
});

export const userRouter = router({
  scoringPreference: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/me/scoring',
        tags: ['user'],
        summary: 'My saved scoring format',
      },
    })
    .input(z.void())
    .output(scoringPreferenceOutput)
    .query(async ({ ctx }) => ({ data: { scoring: await readScoringPreference(ctx.deps, ctx.user.id) } })),

  setScoringPreference: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/user/me/scoring',
        tags: ['user'],
        summary: 'Save my scoring format (the projections API answers in it when a request names none)',
      },
    })
    .input(z.object({ scoring: z.enum(SCORING_FORMATS) }))
    .output(scoringPreferenceOutput)
    .mutation(async ({ ctx, input }) => {
      await saveScoringPreference(ctx.deps, ctx.user.id, input.scoring);
      return { data: { scoring: input.scoring } };
    }),

  deleteMe: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/me/delete',
        tags: ['user'],
        summary: 'Delete my account (password required)',
      },
    })
    .input(deleteMeInput)
    .output(deleteMeOutput)
    .mutation(({ ctx, input }) => deleteMe(ctx, input.password)),

  // A DELETE carries no body here, and a password does not belong in a URL.
  // The spec's path. A DELETE's JSON body reaches the input (http/request-bodies.ts): {"password": …}.
  deleteMeByDelete: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/user/me',
        tags: ['user'],
        summary: 'Delete my account (JSON body {password}; the same as POST /user/me/delete)',
      },
    })
    .input(deleteMeInput)
    .output(deleteMeOutput)
    .mutation(({ ctx, input }) => deleteMe(ctx, input.password)),

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
