import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres, { type Sql } from 'postgres';
import type { DatabaseAvailability } from './availability.js';
import { openGuardedPostgres } from './guarded-postgres.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type the app codes against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The driver underneath, for session-level features (advisory locks, LISTEN) in this package. */
export type DatabaseDriver = { kind: 'postgres'; client: Sql } | { kind: 'pglite'; client: PGlite };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Round-trip to the server; resolves with the latency in milliseconds. */
  ping(): Promise<number>;
  close(): Promise<void>;
  /** Pool figures for the health page (PGlite has a single in-process connection). */
  connectionStats(): { max: number };
  /**
   * Whether the server can be reached. While it cannot, every query rejects at once with
   * DatabaseUnavailableError (the embedded database is always available).
   */
  availability: DatabaseAvailability;
  driver: DatabaseDriver;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; when absent an embedded PGlite database lives in `dataDir`. */
  databaseUrl?: string | undefined;
  /**
   * The same database reached without a transaction-mode pooler (PgBouncer) in between, when `databaseUrl` goes
   * through one: session-level work (advisory locks, LISTEN) runs here, as a pooler hands each transaction to
   * any server connection, and `databaseUrl` then gets no prepared statements (named per server connection).
   */
  directUrl?: string | undefined;
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** Called when the PostgreSQL server becomes unreachable (false) and reachable again (true). */
  onAvailabilityChange?: (isAvailable: boolean, cause?: unknown) => void;
}

const ALWAYS_AVAILABLE: DatabaseAvailability = { isAvailable: true, unavailableSince: null };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(
      options.databaseUrl,
      options.directUrl,
      options.maxConnections ?? 10,
      options.onAvailabilityChange,
    );
  }
  return openPglite(options.dataDir);
}

/** Session connections held at once on the direct URL: one per advisory lock being held or awaited. */
const MAX_DIRECT_CONNECTIONS = 5;

async function openPostgres(
  url: string,
  directUrl: string | undefined,
  max: number,
  onAvailabilityChange: DatabaseOptions['onAvailabilityChange'],
): Promise<Database> {
  const pool = openGuardedPostgres(url, max, onAvailabilityChange, { isPooled: directUrl !== undefined });
  const direct = directUrl
    ? postgres(directUrl, { max: MAX_DIRECT_CONNECTIONS, onnotice: () => {}, connect_timeout: 5 })
    : undefined;
  const db = drizzlePostgres(pool.guardedClient, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: () => timedSelectOne(db),
    close: async () => {
      await Promise.all([pool.close(), direct?.end({ timeout: 5 })]);
    },
    connectionStats: () => ({ max }),
    availability: pool.guard,
    driver: { kind: 'postgres', client: direct ?? pool.client },
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
    availability: ALWAYS_AVAILABLE,
    driver: { kind: 'pglite', client },
  };
}

async function timedSelectOne(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}
