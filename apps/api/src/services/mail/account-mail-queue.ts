import { accountMailJobs, type Database } from '@fm/db';
import { and, asc, eq, inArray, isNull, lte, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, OutgoingMail } from './mailer.js';

/** What a request asks to be mailed; the worker looks the address up and makes the mail. */
export type AccountMailJob =
  | { kind: 'password-reset'; email: string; mayMail: boolean }
  | {
      kind: 'registration';
      email: string;
      /** The account the worker creates, unless the address has one already. */
      userId: string;
      passwordHash: string;
      signupIp: string;
      mayMail: boolean;
    }
  | { kind: 'resend-verification'; email: string; mayMail: boolean }
  | { kind: 'email-change'; userId: string; newEmail: string; passwordStamp: string }
  /** Tells the old address its account moved to `newEmail`, with a "this wasn't me" link back. */
  | { kind: 'email-changed-notice'; userId: string; oldEmail: string; newEmail: string };

/** Turns a job into its mails (none: nothing to send, e.g. the address has no account). */
export type AccountMailPreparer = (job: AccountMailJob) => Promise<OutgoingMail[]>;

/**
 * How often the worker looks for jobs. The queue is read on this clock, never on a request's:
 * the work behind a known address lands at a moment no request chose.
 */
export const ACCOUNT_MAIL_POLL_MS = 250;
/** Jobs taken per look. */
const BATCH = 20;
/** A claimed job not finished in this long (its process died) is taken again. */
const CLAIM_MS = 2 * 60_000;
/** Tries before a job is given up (and logged); the wait doubles after each failure. */
export const ACCOUNT_MAIL_ATTEMPTS = 3;
const RETRY_DELAY_MS = 5_000;

export interface AccountMailQueue {
  /** Records the job; it is prepared and sent by the worker, after this request is answered. */
  enqueue(job: AccountMailJob): Promise<void>;
  start(): void;
  /** Works every job now due until none is left (tests, shutdown), then waits for the mails. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export function createAccountMailQueue(options: {
  database: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  prepare: AccountMailPreparer;
}): AccountMailQueue {
  const { database, mailer, log, prepare } = options;
  const { db } = database;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let isStopped = false;

  async function claimDue(now: Date) {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: accountMailJobs.id })
        .from(accountMailJobs)
        .where(
          and(
            lte(accountMailJobs.runAfter, now),
            or(isNull(accountMailJobs.claimedUntil), lt(accountMailJobs.claimedUntil, now)),
          ),
        )
        .orderBy(asc(accountMailJobs.runAfter))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(accountMailJobs)
        .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
        .where(
          inArray(
            accountMailJobs.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  async function work(row: typeof accountMailJobs.$inferSelect): Promise<void> {
    const attempts = row.attempts + 1;
    try {
      for (const mail of await prepare(row.payload as AccountMailJob)) await mailer.send(mail);
      await db.delete(accountMailJobs).where(eq(accountMailJobs.id, row.id));
    } catch (error) {
      if (attempts >= ACCOUNT_MAIL_ATTEMPTS) {
        log.error({ err: error, kind: row.kind }, 'account mail given up');
        await db.delete(accountMailJobs).where(eq(accountMailJobs.id, row.id));
        return;
      }
      log.warn({ err: error, kind: row.kind, attempts }, 'account mail failed; tried again later');
      await db
        .update(accountMailJobs)
        .set({
          attempts,
          claimedUntil: null,
          runAfter: new Date(Date.now() + RETRY_DELAY_MS * 2 ** (attempts - 1)),
        })
        .where(eq(accountMailJobs.id, row.id));
    }
  }

  /** One pass: every job due now, batch after batch. Answers how many were worked. */
  async function runOnce(): Promise<number> {
    let worked = 0;
    for (;;) {
      const claimed = await claimDue(new Date());
      for (const row of claimed) await work(row);
      worked += claimed.length;
      if (claimed.length < BATCH) return worked;
    }
  }

  function pass(): Promise<number> {
    running ??= runOnce()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'account mail queue could not be read');
        return 0;
      })
      .finally(() => (running = undefined));
    return running;
  }

  function schedule(): void {
    if (isStopped) return;
    timer = setTimeout(() => void pass().finally(schedule), ACCOUNT_MAIL_POLL_MS);
    timer.unref();
  }

  return {
    async enqueue(job) {
      await db.insert(accountMailJobs).values({ kind: job.kind, payload: job });
    },
    start() {
      isStopped = false;
      if (!timer) schedule();
    },
    async flush() {
      // A pass already running may have looked before the caller's job was queued: let it end first.
      await running;
      while ((await pass()) > 0) {
        /* until a pass finds nothing due */
      }
      await mailer.flush();
    },
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
