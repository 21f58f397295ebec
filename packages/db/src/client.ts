import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type the app codes against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Round-trip to the server; resolves with the latency in milliseconds. */
  ping(): Promise<number>;
  close(): Promise<void>;
  /** Pool figures for the health page (PGlite has a single in-process connection). */
  connectionStats(): { max: number };
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; when absent an embedded PGlite database lives in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.maxConnections ?? 10);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const client = postgres(url, { max, onnotice: () => {}, connect_timeout: 10 });
  const db = drizzlePostgres(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: () => timedSelectOne(db),
    close: () => client.end({ timeout: 5 }),
    connectionStats: () => ({ max }),
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const dir = path.join(dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: () => timedSelectOne(db),
    close: () => client.close(),
    connectionStats: () => ({ max: 1 }),
  };
}

async function timedSelectOne(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}
