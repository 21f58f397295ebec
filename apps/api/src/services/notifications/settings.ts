import {
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '@fm/contract';
import { notificationSettings } from '@fm/db';
import { eq, inArray } from 'drizzle-orm';
import type { CoreDeps } from '../../core-deps.js';
import type { LeaguePlatform } from '../leagues/connections.js';

type Kinds = NotificationSettings['kinds'];
type SettingsRow = typeof notificationSettings.$inferSelect;

/** Every kind off on every channel: nothing is sent until the person chooses. */
export function allOff(): Kinds {
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { push: false, email: false }])) as Kinds;
}

/** A league as the mute list keys it. */
export const leagueKeyOf = (platform: string, leagueId: string) => `${platform}:${leagueId}`;

/** What decides whether, where and when a notification goes: one person's settings. */
export interface NotificationPreferences {
  userId: string;
  kinds: Kinds;
  quietHours: { start: string; end: string } | null;
  timeZone: string;
  mutedLeagues: ReadonlySet<string>;
}

function toPreferences(userId: string, row: SettingsRow | undefined): NotificationPreferences {
  return {
    userId,
    kinds: { ...allOff(), ...(row?.kinds as Partial<Kinds> | undefined) },
    quietHours: row?.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
    timeZone: row?.timeZone ?? 'UTC',
    mutedLeagues: new Set(row?.mutedLeagues ?? []),
  };
}

export async function loadPreferences(
  deps: Pick<CoreDeps, 'database'>,
  userIds: readonly string[],
): Promise<Map<string, NotificationPreferences>> {
  const rows =
    userIds.length === 0
      ? []
      : await deps.database.db
          .select()
          .from(notificationSettings)
          .where(inArray(notificationSettings.userId, [...userIds]));
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  return new Map(userIds.map((userId) => [userId, toPreferences(userId, byUser.get(userId))]));
}

/** The people who turned `kind` on for at least one channel (whom a decision needs to look at). */
export async function usersWantingKind(
  deps: Pick<CoreDeps, 'database'>,
  kind: NotificationKind,
): Promise<NotificationPreferences[]> {
  const rows = await deps.database.db.select().from(notificationSettings);
  return rows
    .map((row) => toPreferences(row.userId, row))
    .filter((preferences) => preferences.kinds[kind].push || preferences.kinds[kind].email);
}

export function channelsFor(
  preferences: NotificationPreferences,
  kind: NotificationKind,
): NotificationChannel[] {
  const switches = preferences.kinds[kind];
  return (['push', 'email'] as const).filter((channel) => switches[channel]);
}

function toAnswer(preferences: NotificationPreferences): NotificationSettings {
  return {
    kinds: preferences.kinds,
    quiet_hours: preferences.quietHours,
    time_zone: preferences.timeZone,
    muted_leagues: [...preferences.mutedLeagues].map((key) => {
      const at = key.indexOf(':');
      return { platform: key.slice(0, at) as LeaguePlatform, league_id: key.slice(at + 1) };
    }),
  };
}

export async function readNotificationSettings(
  deps: Pick<CoreDeps, 'database'>,
  userId: string,
): Promise<NotificationSettings> {
  const preferences = (await loadPreferences(deps, [userId])).get(userId)!;
  return toAnswer(preferences);
}

/** Saves the switches; quiet hours and the time zone only when given (null quiet hours: none). */
export async function saveNotificationSettings(
  deps: Pick<CoreDeps, 'database'>,
  userId: string,
  input: NotificationSettingsInput,
): Promise<NotificationSettings> {
  const values = {
    kinds: input.kinds,
    ...(input.quiet_hours === undefined
      ? {}
      : { quietStart: input.quiet_hours?.start ?? null, quietEnd: input.quiet_hours?.end ?? null }),
    ...(input.time_zone === undefined ? {} : { timeZone: input.time_zone }),
    updatedAt: new Date(),
  };
  await deps.database.db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
  return readNotificationSettings(deps, userId);
}

/** Mutes or unmutes one league: nothing is sent about a muted league, whatever the kinds say. */
export async function setLeagueMuted(
  deps: Pick<CoreDeps, 'database'>,
  userId: string,
  league: { platform: LeaguePlatform; leagueId: string; isMuted: boolean },
): Promise<NotificationSettings> {
  const preferences = (await loadPreferences(deps, [userId])).get(userId)!;
  const muted = new Set(preferences.mutedLeagues);
  const key = leagueKeyOf(league.platform, league.leagueId);
  if (league.isMuted) muted.add(key);
  else muted.delete(key);
  const values = { mutedLeagues: [...muted].sort(), updatedAt: new Date() };
  await deps.database.db
    .insert(notificationSettings)
    .values({ userId, kinds: preferences.kinds, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
  return readNotificationSettings(deps, userId);
}

/** Turns one kind's e-mail off (the one-click unsubscribe). */
export async function turnOffEmail(
  deps: Pick<CoreDeps, 'database'>,
  userId: string,
  kind: NotificationKind,
): Promise<void> {
  const preferences = (await loadPreferences(deps, [userId])).get(userId)!;
  const kinds = { ...preferences.kinds, [kind]: { ...preferences.kinds[kind], email: false } };
  await deps.database.db
    .insert(notificationSettings)
    .values({ userId, kinds })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { kinds, updatedAt: new Date() } });
}

export async function readTimeZone(deps: Pick<CoreDeps, 'database'>, userId: string): Promise<string> {
  const [row] = await deps.database.db
    .select({ timeZone: notificationSettings.timeZone })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row?.timeZone ?? 'UTC';
}
