import type { NotificationKind } from '@fm/contract';
import { notifications, pushSubscriptions } from '@fm/db';
import { and, eq, inArray } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { CoreDeps } from '../../core-deps.js';
import { sendableAt } from './quiet-hours.js';
import { channelsFor, leagueKeyOf, loadPreferences } from './settings.js';

/** Something decided worth telling one person, before it is known on which channels. */
export interface NotificationEvent {
  userId: string;
  kind: NotificationKind;
  /** What it is about within its week (with the person, kind, week and channel: sent once). */
  subject: string;
  season: number;
  week: number;
  /** The league it is about: nothing is recorded when the person muted it. */
  league?: { platform: string; leagueId: string } | undefined;
  title: string;
  body: string;
  /** A path of this site. */
  url: string;
  /** Not sent after this (a starter_out: kickoff). */
  expiresAt: Date;
  /** Messages with the same topic replace each other at the push service (a newer status of the same player). */
  topicKey?: string | undefined;
}

/** RFC 8030 topics are at most 32 characters of base64url. */
export const topicOf = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

/**
 * Records each event once per channel the person turned on (push only with a browser to send to), held until
 * their quiet hours end; a row already recorded (another process, a rerun) is left as it is. Nothing is sent
 * here: the notification queue sends what this wrote. Answers how many rows were new.
 */
export async function recordNotifications(
  deps: Pick<CoreDeps, 'database'>,
  events: readonly NotificationEvent[],
  now = new Date(),
): Promise<number> {
  if (events.length === 0) return 0;
  const userIds = [...new Set(events.map((event) => event.userId))];
  const preferences = await loadPreferences(deps, userIds);
  const withBrowser = new Set(
    (
      await deps.database.db
        .selectDistinct({ userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, userIds))
    ).map((row) => row.userId),
  );
  const rows: (typeof notifications.$inferInsert)[] = [];
  for (const event of events) {
    const person = preferences.get(event.userId)!;
    if (event.league && person.mutedLeagues.has(leagueKeyOf(event.league.platform, event.league.leagueId)))
      continue;
    if (event.expiresAt <= now) continue;
    const runAfter = sendableAt(now, person.quietHours, person.timeZone);
    for (const channel of channelsFor(person, event.kind)) {
      if (channel === 'push' && !withBrowser.has(event.userId)) continue;
      rows.push(rowOf(event, channel, runAfter));
    }
  }
  return insertOnce(deps, rows);
}

function rowOf(
  event: NotificationEvent,
  channel: 'push' | 'email',
  runAfter: Date,
): typeof notifications.$inferInsert {
  return {
    userId: event.userId,
    kind: event.kind,
    channel,
    subject: event.subject,
    season: event.season,
    week: event.week,
    payload: {
      title: event.title,
      body: event.body,
      url: event.url,
      ...(event.topicKey ? { topic: topicOf(event.topicKey) } : {}),
    },
    runAfter,
    expiresAt: event.expiresAt,
  };
}

/** Rows per insert: well under PostgreSQL's 65,535 bound parameters. */
const INSERT_CHUNK = 1_000;

export async function insertOnce(
  deps: Pick<CoreDeps, 'database'>,
  rows: (typeof notifications.$inferInsert)[],
): Promise<number> {
  let inserted = 0;
  for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
    const written = await deps.database.db
      .insert(notifications)
      .values(rows.slice(at, at + INSERT_CHUNK))
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    inserted += written.length;
  }
  return inserted;
}

/** Whether an event was recorded already (on any channel): costly details need not be worked out again. */
export async function isRecorded(
  deps: Pick<CoreDeps, 'database'>,
  event: Pick<NotificationEvent, 'userId' | 'kind' | 'subject' | 'season' | 'week'>,
): Promise<boolean> {
  const rows = await deps.database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, event.userId),
        eq(notifications.kind, event.kind),
        eq(notifications.subject, event.subject),
        eq(notifications.season, event.season),
        eq(notifications.week, event.week),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
