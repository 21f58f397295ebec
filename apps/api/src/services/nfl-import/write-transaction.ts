import type { Database, Db } from '@fm/db';
import { sql } from 'drizzle-orm';

/**
 * One batch of imported or synced rows (a file, a week, a model week), written all or nothing. The
 * commit does not wait for the disk flush: a crash can lose the last batches written, never corrupt
 * them, and every import and sync is safe to repeat.
 */
export function inWriteTransaction<T>(database: Database, write: (db: Db) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit to off`);
    return write(tx as unknown as Db);
  });
}
