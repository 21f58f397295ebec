import {
  notificationSettingsInputSchema,
  notificationSettingsSchema,
  platformSchema,
  pushSubscriptionInputSchema,
} from '@fm/contract';
import { z } from 'zod';
import {
  removePushSubscription,
  savePushSubscription,
} from '../services/notifications/push-subscriptions.js';
import {
  readNotificationSettings,
  saveNotificationSettings,
  setLeagueMuted,
} from '../services/notifications/settings.js';
import { queueTestNotification } from '../services/notifications/test-notification.js';
import { authedProcedure, publicProcedure, router } from '../trpc.js';

const messageOutput = z.object({ data: z.object({ message: z.string() }) });

/** Notification settings, the browsers they reach, and the push service key (shared/contract.md: Notifications). */
export const notificationsRouter = router({
  settings: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/me/notifications',
        tags: ['notifications'],
        summary: 'My notification settings',
      },
    })
    .input(z.void())
    .output(notificationSettingsSchema)
    .query(({ ctx }) => readNotificationSettings(ctx.deps, ctx.user.id)),

  saveSettings: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/user/me/notifications',
        tags: ['notifications'],
        summary: 'Save which kinds reach me on which channel, quiet hours and time zone',
      },
    })
    .input(notificationSettingsInputSchema)
    .output(notificationSettingsSchema)
    .mutation(({ ctx, input }) => saveNotificationSettings(ctx.deps, ctx.user.id, input)),

  muteLeague: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/user/me/notifications/leagues',
        tags: ['notifications'],
        summary: 'Mute or unmute one league',
      },
    })
    .input(
      z
        .object({ platform: platformSchema, league_id: z.string().min(1).max(64), muted: z.boolean() })
        .strict(),
    )
    .output(notificationSettingsSchema)
    .mutation(({ ctx, input }) =>
      setLeagueMuted(ctx.deps, ctx.user.id, {
        platform: input.platform,
        leagueId: input.league_id,
        isMuted: input.muted,
      }),
    ),

  sendTest: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/me/notifications/test',
        tags: ['notifications'],
        summary: 'Send me a test notification',
      },
    })
    .input(z.object({ channel: z.enum(['push', 'email']).default('push') }).strict())
    .output(messageOutput)
    .mutation(async ({ ctx, input }) => {
      const data = await queueTestNotification(ctx.deps, ctx.user.id, input.channel);
      ctx.deps.notifications.wake();
      return { data };
    }),

  publicKey: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/push/public-key',
        tags: ['notifications'],
        summary: 'The VAPID public key',
      },
    })
    .input(z.void())
    .output(z.object({ key: z.string() }))
    .query(({ ctx }) => ({ key: ctx.deps.config.vapid.publicKey })),

  subscribe: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/me/push-subscriptions',
        tags: ['notifications'],
        summary: 'Keep this browser’s push subscription',
      },
    })
    .input(pushSubscriptionInputSchema)
    .output(z.object({ data: z.object({ endpoint: z.string() }) }))
    .mutation(async ({ ctx, input }) => {
      await savePushSubscription(ctx.deps, ctx.user.id, input);
      void ctx.reply?.status(201);
      return { data: { endpoint: input.endpoint } };
    }),

  unsubscribe: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/user/me/push-subscriptions',
        tags: ['notifications'],
        summary: 'Forget this browser’s push subscription',
      },
    })
    .input(z.object({ endpoint: z.string().max(2048) }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await removePushSubscription(ctx.deps, ctx.user.id, input.endpoint);
      void ctx.reply?.status(204);
    }),
});
