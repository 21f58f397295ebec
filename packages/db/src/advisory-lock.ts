import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';
import type { Database } from './client.js';

export type LockOutcome<T> = { acquired: true; value: T } | { acquired: false };

export interface AdvisoryLockOptions {
  /** Wait until the lock is free (true), or answer `{ acquired: false }` at once when it is held (default). */
  wait?: boolean;
  /** Stops waiting for the lock (the promise rejects with the abort reason); a running task is not interrupted. */
  signal?: AbortSignal;
}

/** The 64-bit advisory lock key of a name (the first 8 bytes of its SHA-256). */
export function advisoryLockKey(name: string): bigint {
  return createHash('sha256').update(name).digest().readBigInt64BE(0);
}

/**
 * Runs `task` while holding the advisory lock `name`, so that among all processes sharing the
 * database only one runs it at a time:
 *
 *   const outcome = await withAdvisoryLock(database, 'nfl-import', () => importAll());
 *   if (!outcome.acquired) log.info('another process is importing');
 *
 * On PostgreSQL this is a session-level `pg_advisory_lock` on a pool connection reserved for the
 * task's duration (if that connection drops, the server releases the lock). On the embedded
 * database, which only one process can open, an in-process lock gives the same exclusion.
 */
export async function withAdvisoryLock<T>(
  database: Database,
  name: string,
  task: () => Promise<T>,
  options: AdvisoryLockOptions = {},
): Promise<LockOutcome<T>> {
  options.signal?.throwIfAborted();
  return database.driver.kind === 'postgres'
    ? withPostgresLock(database.driver.client, advisoryLockKey(name).toString(), task, options)
    : withInProcessLock(database.driver.client, name, task, options);
}

async function withPostgresLock<T>(
  client: Sql,
  key: string,
  task: () => Promise<T>,
  { wait = false, signal }: AdvisoryLockOptions,
): Promise<LockOutcome<T>> {
  const connection = await client.reserve();
  try {
    if (wait) {
      const locking = connection`select pg_advisory_lock(${key}::bigint)`;
      const cancel = () => void locking.cancel();
      signal?.addEventListener('abort', cancel, { once: true });
      try {
        await locking;
      } catch (error) {
        signal?.throwIfAborted();
        throw error;
      } finally {
        signal?.removeEventListener('abort', cancel);
      }
    } else {
      const [row] = await connection`select pg_try_advisory_lock(${key}::bigint) as "isLocked"`;
      if (!row?.isLocked) return { acquired: false };
    }
    try {
      return { acquired: true, value: await task() };
    } finally {
      await connection`select pg_advisory_unlock(${key}::bigint)`.catch(() => {});
    }
  } finally {
    connection.release();
  }
}

const inProcessLocks = new WeakMap<PGlite, Map<string, Promise<void>>>();

async function withInProcessLock<T>(
  client: PGlite,
  name: string,
  task: () => Promise<T>,
  { wait = false, signal }: AdvisoryLockOptions,
): Promise<LockOutcome<T>> {
  let held = inProcessLocks.get(client);
  if (!held) {
    held = new Map();
    inProcessLocks.set(client, held);
  }
  if (!wait && held.has(name)) return { acquired: false };
  for (let holder = held.get(name); holder; holder = held.get(name)) {
    await untilSettledOrAborted(holder, signal);
  }
  let release!: () => void;
  held.set(name, new Promise<void>((resolve) => (release = resolve)));
  try {
    return { acquired: true, value: await task() };
  } finally {
    held.delete(name);
    release();
  }
}

function untilSettledOrAborted(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
