import { executeRows, type Db } from '@fm/db';
import { sql } from 'drizzle-orm';

/** Rows per INSERT statement. The rows travel as one JSON parameter, so only memory bounds it. */
export const ROWS_PER_STATEMENT = 1_000;

export interface WriteCount {
  created: number;
  updated: number;
}

export function addCounts(total: WriteCount, more: WriteCount): void {
  total.created += more.created;
  total.updated += more.updated;
}

/** A row keyed by database column name. */
export type ColumnRow = Record<string, string | number | boolean | null | Record<string, number>>;

export interface UpsertTarget {
  table: string;
  /** The unique key a row is matched on. */
  key: string[];
  /** Columns written, and compared to decide whether an existing row changed. */
  compare: string[];
  /** Columns set to now() when a row is created or changes. */
  touch?: string[];
}

const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Inserts rows, or updates the existing row with the same key when a compared column differs;
 * rows already as given are left alone and not counted, so repeating an import reports 0
 * changes. Rows are sent as one JSON document per statement and expanded by
 * json_populate_recordset: building and parsing thousands of bind parameters costs far more.
 */
export async function upsertChanged(db: Db, target: UpsertTarget, rows: ColumnRow[]): Promise<WriteCount> {
  const count: WriteCount = { created: 0, updated: 0 };
  if (rows.length === 0) return count;
  const table = identifier(target.table);
  const columns = [...target.key, ...target.compare];
  const columnList = columns.map(identifier).join(', ');
  const touch = target.touch ?? [];
  const assignments = [
    ...target.compare.map((c) => `${identifier(c)} = excluded.${identifier(c)}`),
    ...touch.map((c) => `${identifier(c)} = now()`),
  ].join(', ');
  const current = target.compare.map((c) => `${table}.${identifier(c)}`).join(', ');
  const incoming = target.compare.map((c) => `excluded.${identifier(c)}`).join(', ');
  const statement = (json: string) => sql`
    insert into ${sql.raw(table)} (${sql.raw(columnList)})
    select ${sql.raw(columnList)} from json_populate_recordset(null::${sql.raw(table)}, ${json}::json)
    on conflict (${sql.raw(target.key.map(identifier).join(', '))}) do update set ${sql.raw(assignments)}
    where (${sql.raw(current)}) is distinct from (${sql.raw(incoming)})
    returning (xmax = 0) as is_created`;

  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const json = JSON.stringify(rows.slice(start, start + ROWS_PER_STATEMENT));
    const written = await executeRows<{ is_created: boolean | string }>(db, statement(json));
    for (const row of written) {
      if (row.is_created === true || row.is_created === 't') count.created++;
      else count.updated++;
    }
  }
  return count;
}
