import { notifications } from '@fm/db';
import { count, gt } from 'drizzle-orm';
import type { CoreDeps } from '../../core-deps.js';

export interface NotificationCount {
  kind: string;
  channel: 'push' | 'email';
  sent: number;
  failed: number;
  waiting: number;
}

/** Sent, failed and waiting notifications by kind and channel, over the last `days` (System Health). */
export async function readNotificationCounts(
  deps: Pick<CoreDeps, 'database'>,
  days = 7,
): Promise<NotificationCount[]> {
  const rows = await deps.database.db
    .select({
      kind: notifications.kind,
      channel: notifications.channel,
      status: notifications.status,
      count: count(),
    })
    .from(notifications)
    .where(gt(notifications.createdAt, new Date(Date.now() - days * 24 * 60 * 60_000)))
    .groupBy(notifications.kind, notifications.channel, notifications.status);
  const byKey = new Map<string, NotificationCount>();
  for (const row of rows) {
    const key = `${row.kind}:${row.channel}`;
    const entry = byKey.get(key) ?? { kind: row.kind, channel: row.channel, sent: 0, failed: 0, waiting: 0 };
    entry[row.status] += Number(row.count);
    byKey.set(key, entry);
  }
  return [...byKey.values()].sort(
    (a, b) => a.kind.localeCompare(b.kind) || a.channel.localeCompare(b.channel),
  );
}
