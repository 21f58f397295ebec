import { executeRows, type Db } from '@fm/db';
import { sql } from 'drizzle-orm';

/** Rows per INSERT statement. Columns travel as one array parameter each, so only memory bounds it. */
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

/** The PostgreSQL types rows are sent as (one array parameter per column). */
export type ColumnType = 'int' | 'float8' | 'text' | 'bool' | 'jsonb' | 'timestamptz';

export interface UpsertTarget {
  table: string;
  /** The unique key a row is matched on. */
  key: string[];
  /** Columns written, and compared to decide whether an existing row changed. */
  compare: string[];
  /** Every key and compared column's type. */
  types: Record<string, ColumnType>;
  /** Columns set to now() when a row is created or changes. */
  touch?: string[];
}

const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One column of the rows as a PostgreSQL array literal: `{1,2,NULL}` or `{"BAL","@KC"}`. */
function arrayLiteral(rows: ColumnRow[], column: string, type: ColumnType): string {
  const items = rows.map((row) => {
    const value = row[column];
    if (value === null || value === undefined) return 'NULL';
    if (type === 'bool') return value ? 't' : 'f';
    if (type === 'int' || type === 'float8') return String(value);
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

/**
 * Inserts rows, or updates the existing row with the same key when a compared column differs;
 * rows already as given are left alone and not counted, so repeating an import reports 0
 * changes. Each column travels as one array parameter expanded by unnest(): thousands of
 * single bind parameters (or a JSON document per row set) cost several times more to parse.
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
  // jsonb travels as text and is cast once unnested
  const arrayType = (column: string) => (target.types[column] === 'jsonb' ? 'text' : target.types[column]!);
  const selected = columns
    .map((c) => (target.types[c] === 'jsonb' ? `${identifier(c)}::jsonb` : identifier(c)))
    .join(', ');

  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const batch = rows.slice(start, start + ROWS_PER_STATEMENT);
    const arrays = columns.map(
      (column) =>
        sql`${arrayLiteral(batch, column, target.types[column]!)}::${sql.raw(`${arrayType(column)}[]`)}`,
    );
    // counted in the database: one answer row per statement, not one per row written
    const [written] = await executeRows<{ created: number | string; updated: number | string }>(
      db,
      sql`with written as (
            insert into ${sql.raw(table)} (${sql.raw(columnList)})
            select ${sql.raw(selected)} from unnest(${sql.join(arrays, sql`, `)}) as incoming(${sql.raw(columnList)})
            on conflict (${sql.raw(target.key.map(identifier).join(', '))}) do update set ${sql.raw(assignments)}
            where (${sql.raw(current)}) is distinct from (${sql.raw(incoming)})
            returning (xmax = 0) as is_created)
          select count(*) filter (where is_created) as created, count(*) filter (where not is_created) as updated
          from written`,
    );
    count.created += Number(written?.created ?? 0);
    count.updated += Number(written?.updated ?? 0);
  }
  return count;
}
