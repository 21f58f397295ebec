import { z } from 'zod';
import { readSessionToken } from '../http/session-cookie.js';
import { EVENT_TYPES } from '../monitoring/analytics-capture.js';
import type { RateLimitRule } from '../services/rate-limits/rate-limiter.js';
import { signedIn } from '../http/signed-in.js';
import { publicProcedure, router } from '../trpc.js';

/** Page views a browser may report: generous for real navigation, a wall for a script. */
export const PAGE_VIEWS_PER_IP: RateLimitRule = { name: 'page-view-ip', points: 120, durationSeconds: 60 };
const MAX_PATH_LENGTH = 300;

export const eventsRouter = router({
  pageView: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/events/page-view',
        tags: ['events'],
        summary: 'Record a page view from the web app',
      },
    })
    .input(
      z.object({
        path: z.string().min(1).max(MAX_PATH_LENGTH).startsWith('/'),
        referrer: z.string().max(MAX_PATH_LENGTH).optional(),
      }),
    )
    .output(z.object({ data: z.object({ recorded: z.boolean() }) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.rateLimiter.consume(PAGE_VIEWS_PER_IP, ctx.req.client);
      const token = readSessionToken(ctx.req);
      // A visitor's view counts too; a signed-in user's names them (daily active users).
      const userId = token
        ? await signedIn(ctx.deps, ctx.req).then(
            (r) => r.user.id,
            () => null,
          )
        : null;
      ctx.deps.monitoring.recordEvent({
        type: EVENT_TYPES.pageView,
        userId,
        payload: {
          path: input.path.split('?', 1)[0],
          ...(input.referrer ? { referrer: input.referrer } : {}),
        },
      });
      return { data: { recorded: true } };
    }),
});
