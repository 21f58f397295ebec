import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * Runs raw SQL and returns its rows. The drivers disagree on the result shape
 * (postgres.js: an array of rows; PGlite: `{ rows }`), so raw queries go through here.
 */
export async function executeRows<Row extends Record<string, unknown>>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown;
  if (Array.isArray(result)) return result as Row[];
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}
