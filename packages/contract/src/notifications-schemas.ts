import { z } from 'zod';
import { platformSchema } from './leagues-schemas.js';

/** What a person can be told, each on or off per channel. */
export const NOTIFICATION_KINDS = ['starter_out', 'final_result', 'weekly_digest', 'close_game'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_CHANNELS = ['push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

const channelSwitchesSchema = z.object({ push: z.boolean(), email: z.boolean() }).strict();

/** A time of day, "HH:MM" on a 24-hour clock. */
const timeOfDaySchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a time of day such as 22:00' });

export const quietHoursSchema = z
  .object({ start: timeOfDaySchema, end: timeOfDaySchema })
  .strict()
  .refine((hours) => hours.start !== hours.end, {
    message: 'quiet hours must start and end at different times',
  })
  .describe('nothing is sent between start and end (in time_zone); what comes up then is sent at the end');

/** An IANA time zone the runtime knows (Europe/Berlin, America/New_York…). */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'must be a time zone such as America/New_York' },
  );

export const notificationKindsSchema = z
  .object({
    starter_out: channelSwitchesSchema,
    final_result: channelSwitchesSchema,
    weekly_digest: channelSwitchesSchema,
    close_game: channelSwitchesSchema,
  })
  .strict();

/** `GET /api/user/me/notifications`. */
export const notificationSettingsSchema = z.object({
  kinds: notificationKindsSchema,
  quiet_hours: quietHoursSchema.nullable(),
  time_zone: z.string().describe('the weekly digest and quiet hours follow this time zone'),
  muted_leagues: z
    .array(z.object({ platform: platformSchema, league_id: z.string() }))
    .describe('leagues nothing is sent about'),
});

/** `PUT /api/user/me/notifications`: the kinds, and optionally quiet hours and the time zone. */
export const notificationSettingsInputSchema = z
  .object({
    kinds: notificationKindsSchema,
    quiet_hours: quietHoursSchema.nullable().optional(),
    time_zone: timeZoneSchema.optional(),
  })
  .strict();

/** A browser's `PushSubscription.toJSON()`: keys are base64url (p256dh a P-256 point, auth 16 bytes). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.string().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z
    .object({
      p256dh: z
        .string()
        .regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, { message: 'must be a base64url P-256 public key' }),
      auth: z
        .string()
        .regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, { message: 'must be a base64url 16-byte secret' }),
    })
    .strict(),
});

/** What a push message decrypts to: `url` is a path of this site. */
export interface PushMessage {
  kind: NotificationKind | 'test';
  title: string;
  body: string;
  url: string;
}

export type NotificationSettings = z.output<typeof notificationSettingsSchema>;
export type NotificationSettingsInput = z.output<typeof notificationSettingsInputSchema>;
export type PushSubscriptionInput = z.output<typeof pushSubscriptionInputSchema>;

/** `GET /api/admin/system/notifications`: the last week's notifications by kind and channel. */
export const notificationCountsSchema = z.array(
  z.object({
    kind: z.string(),
    channel: z.enum(NOTIFICATION_CHANNELS),
    sent: z.number().int(),
    failed: z.number().int(),
    waiting: z.number().int(),
  }),
);
