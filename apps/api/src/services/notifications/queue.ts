import type { NotificationKind, PushMessage } from '@fm/contract';
import { notifications, pushSubscriptions, users, type Database } from '@fm/db';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Mailer } from '../mail/mailer.js';
import { notificationMail } from './notification-mail.js';
import { sendPush, type PushOutcome, type PushTarget } from './push-sender.js';
import { unsubscribeToken } from './unsubscribe.js';

/** How often each process looks for notifications due (besides being woken by one it just recorded). */
export const NOTIFICATION_POLL_MS = 1_000;
/** Rows claimed per look, and sent at once. */
const BATCH = 200;
const CONCURRENCY = 32;
/** A claimed row not finished in this long (its process died) is taken again. */
const CLAIM_MS = 2 * 60_000;
/**
 * A batch stops starting rows this long before its claim lapses: a row whose claim has lapsed may be taken by
 * another pass or process, and sending it here too would send it twice (seen when a slow push service made a
 * batch outlast its claim). The rows left are claimed again at the next pass.
 */
const CLAIM_MARGIN_MS = 15_000;
/** Back-off after a failed try: doubles each time up to the cap; a row is retried until it expires. */
export const RETRY_FIRST_MS = 5_000;
export const RETRY_MAX_MS = 15 * 60_000;

type NotificationRow = typeof notifications.$inferSelect;

export interface NotificationQueue {
  start(): void;
  /** Looks for due rows now (after recording some), without waiting for the next poll. */
  wake(): void;
  /** Works every row due now until none is left (tests, benchmarks). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export interface NotificationQueueDeps {
  database: Database;
  config: Pick<Config, 'appUrl' | 'sessionSecret' | 'vapid'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The push transport (tests measure it; production posts with web-push's request). */
  push?: typeof sendPush;
  now?: () => Date;
}

/** A finished try of one row: sent, to try again (with what went wrong), or failed for good. */
type Outcome =
  | { status: 'sent'; deliveredTo: string[] }
  | { status: 'retry'; deliveredTo: string[]; error: string }
  | { status: 'failed'; deliveredTo: string[]; error: string };

/**
 * Sends the recorded notifications from the database, off every request: rows are claimed (so two processes never
 * send one row), pushed to each of the person's browsers or mailed, and marked sent. A push service or mail server
 * that fails delays the row (back-off, RETRY_FIRST_MS doubling up to RETRY_MAX_MS) until it is sent or expires; a
 * browser the push service calls gone (404/410) is forgotten.
 */
export function createNotificationQueue(deps: NotificationQueueDeps): NotificationQueue {
  const { database, config, mailer, log } = deps;
  const { db } = database;
  const push = deps.push ?? sendPush;
  const now = deps.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let isStopped = true;
  let isWokenWhileRunning = false;

  async function claimDue(at: Date): Promise<NotificationRow[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.status, 'waiting'),
            lte(notifications.runAfter, at),
            or(isNull(notifications.claimedUntil), lt(notifications.claimedUntil, at)),
          ),
        )
        .orderBy(asc(notifications.runAfter))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(notifications)
        .set({ claimedUntil: new Date(at.getTime() + CLAIM_MS) })
        .where(
          inArray(
            notifications.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  async function pushRow(row: NotificationRow, targets: PushTarget[]): Promise<Outcome> {
    const delivered = new Set(row.deliveredTo);
    const pending = targets.filter((target) => !delivered.has(target.endpoint));
    const message: PushMessage = {
      kind: row.kind as NotificationKind | 'test',
      title: row.payload.title,
      body: row.payload.body,
      url: row.payload.url,
    };
    const ttlSeconds = (row.expiresAt.getTime() - now().getTime()) / 1000;
    const errors: string[] = [];
    let isRetrying = false;
    for (const target of pending) {
      const outcome: PushOutcome = await push(config.vapid, target, message, {
        ttlSeconds,
        topic: row.payload.topic,
        urgency: row.kind === 'starter_out' || row.kind === 'close_game' ? 'high' : 'normal',
      });
      if (outcome.outcome === 'delivered') delivered.add(target.endpoint);
      else if (outcome.outcome === 'gone') {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, target.endpoint));
      } else {
        errors.push(outcome.error);
        if (outcome.outcome === 'retry') isRetrying = true;
      }
    }
    const deliveredTo = [...delivered];
    if (isRetrying) return { status: 'retry', deliveredTo, error: errors.join('; ') };
    if (deliveredTo.length > 0) return { status: 'sent', deliveredTo };
    return { status: 'failed', deliveredTo, error: errors.join('; ') || 'no browser to send to' };
  }

  async function mailRow(row: NotificationRow, email: string | undefined): Promise<Outcome> {
    if (!email) return { status: 'failed', deliveredTo: [], error: 'no e-mail address' };
    const token = unsubscribeToken(config.sessionSecret, row.userId, row.kind as NotificationKind, now());
    const unsubscribeUrl = `${config.appUrl}/api/notifications/unsubscribe?token=${token}`;
    try {
      await mailer.send(notificationMail(config.appUrl, email, row.payload, unsubscribeUrl));
      return { status: 'sent', deliveredTo: [] };
    } catch (error) {
      return { status: 'retry', deliveredTo: [], error: `mail not sent: ${(error as Error).message}` };
    }
  }

  async function finish(row: NotificationRow, outcome: Outcome, at: Date): Promise<void> {
    const attempts = row.attempts + 1;
    if (outcome.status === 'retry') {
      const wait = Math.min(RETRY_FIRST_MS * 2 ** (attempts - 1), RETRY_MAX_MS);
      const runAfter = new Date(at.getTime() + wait);
      const isExpiring = runAfter >= row.expiresAt;
      log.warn(
        { kind: row.kind, channel: row.channel, attempts, err: outcome.error },
        'notification not sent yet',
      );
      await db
        .update(notifications)
        .set({
          attempts,
          claimedUntil: null,
          deliveredTo: outcome.deliveredTo,
          lastError: outcome.error,
          ...(isExpiring ? { status: 'failed' as const } : { runAfter }),
        })
        .where(eq(notifications.id, row.id));
      return;
    }
    await db
      .update(notifications)
      .set({
        attempts,
        claimedUntil: null,
        status: outcome.status,
        deliveredTo: outcome.deliveredTo,
        ...(outcome.status === 'sent' ? { sentAt: at, lastError: null } : { lastError: outcome.error }),
      })
      .where(eq(notifications.id, row.id));
  }

  async function work(rows: NotificationRow[]): Promise<void> {
    const userIds = [...new Set(rows.map((row) => row.userId))];
    const [targets, emails] = await Promise.all([
      db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds)),
      db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds)),
    ]);
    const targetsOf = new Map<string, PushTarget[]>();
    for (const target of targets) {
      const list = targetsOf.get(target.userId) ?? [];
      list.push({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } });
      targetsOf.set(target.userId, list);
    }
    const emailOf = new Map(emails.map((row) => [row.id, row.email]));
    const sentIds: string[] = [];
    const at = now();
    const stopStartingAt = at.getTime() + CLAIM_MS - CLAIM_MARGIN_MS;
    let next = 0;
    const worker = async () => {
      while (next < rows.length && now().getTime() < stopStartingAt) {
        const row = rows[next++]!;
        try {
          const outcome: Outcome =
            row.expiresAt <= now()
              ? { status: 'failed', deliveredTo: row.deliveredTo, error: 'expired before it could be sent' }
              : row.channel === 'push'
                ? await pushRow(row, targetsOf.get(row.userId) ?? [])
                : await mailRow(row, emailOf.get(row.userId));
          // the common case, a row sent at its first try, is marked with its batch in one statement
          if (outcome.status === 'sent' && row.attempts === 0) sentIds.push(row.id);
          else await finish(row, outcome, now());
        } catch (error) {
          log.error({ err: error, kind: row.kind, channel: row.channel }, 'notification could not be worked');
          await finish(
            row,
            { status: 'retry', deliveredTo: row.deliveredTo, error: String(error) },
            now(),
          ).catch(() => {});
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, worker));
    if (sentIds.length > 0) {
      await db
        .update(notifications)
        .set({ status: 'sent', sentAt: at, attempts: sql`${notifications.attempts} + 1`, claimedUntil: null })
        .where(inArray(notifications.id, sentIds));
    }
  }

  async function runOnce(): Promise<number> {
    let worked = 0;
    for (;;) {
      const claimed = await claimDue(now());
      if (claimed.length > 0) await work(claimed);
      worked += claimed.length;
      if (claimed.length < BATCH) return worked;
    }
  }

  function pass(): Promise<number> {
    if (running) {
      isWokenWhileRunning = true;
      return running;
    }
    running = runOnce()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'notification queue could not be read');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (isWokenWhileRunning && !isStopped) {
          isWokenWhileRunning = false;
          void pass();
        }
      });
    return running;
  }

  function schedule(): void {
    if (isStopped) return;
    timer = setTimeout(() => void pass().finally(schedule), NOTIFICATION_POLL_MS);
    timer.unref();
  }

  return {
    start() {
      if (!isStopped) return;
      isStopped = false;
      schedule();
    },
    wake() {
      if (!isStopped) void pass();
    },
    async flush() {
      await running;
      while ((await pass()) > 0) {
        /* until a pass finds nothing due */
      }
    },
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
