/**
 * PgBouncer in transaction mode between the app and PostgreSQL, as deploy/pgbouncer.ini.example runs it: each
 * transaction may land on another server connection. Debian's pgbouncer, started here on a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdvisoryLock } from './advisory-lock.js';
import { openDatabase, type Database } from './client.js';
import { openGuardedPostgres } from './guarded-postgres.js';
import { runMigrations } from './migrate.js';
import { listenToChannel, notifyChannel } from './notifications.js';
import { users } from './schema.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

const POSTGRES_URL = process.env.DATABASE_URL || undefined;
const PGBOUNCER = '/usr/sbin/pgbouncer';
/** Fewer server connections than the app's pool: transactions of one client connection move between them. */
const SERVER_CONNECTIONS = 2;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address() as net.AddressInfo;
      probe.close(() => resolve(address.port));
    });
  });
}

interface OwnPgbouncer {
  /** `url` through this PgBouncer. */
  urlFor(url: string): string;
  stop(): Promise<void>;
}

async function startOwnPgbouncer(serverUrl: string): Promise<OwnPgbouncer> {
  const server = new URL(serverUrl);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fm-pgbouncer-'));
  const port = await freePort();
  const user = decodeURIComponent(server.username || 'postgres');
  writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" "${decodeURIComponent(server.password)}"\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    `[databases]
* = host=${server.hostname} port=${server.port || 5432}${server.password ? ` password=${decodeURIComponent(server.password)}` : ''}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${path.join(dir, 'userlist.txt')}
pool_mode = transaction
default_pool_size = ${SERVER_CONNECTIONS}
max_client_conn = 200
`,
  );
  // PgBouncer refuses to run as root: as root, it is told to become the postgres (or nobody) account
  const asUser =
    process.getuid?.() === 0 ? ['-u', existsSync('/var/lib/postgresql') ? 'postgres' : 'nobody'] : [];
  chmodSync(dir, 0o755);
  const child: ChildProcess = spawn(PGBOUNCER, [...asUser, path.join(dir, 'pgbouncer.ini')], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const isListening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (isListening) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('pgbouncer did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    urlFor(url) {
      const pooled = new URL(url);
      pooled.hostname = '127.0.0.1';
      pooled.port = String(port);
      return pooled.toString();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

describe.runIf(POSTGRES_URL && existsSync(PGBOUNCER))('through PgBouncer in transaction mode', () => {
  let target: TestDatabase;
  let pgbouncer: OwnPgbouncer;
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    target = await createTestDatabase(POSTGRES_URL, { isMigrated: false });
    pgbouncer = await startOwnPgbouncer(target.url!);
    const options = { databaseUrl: pgbouncer.urlFor(target.url!), directUrl: target.url!, maxConnections: 6 };
    [first, second] = await Promise.all([openDatabase(options), openDatabase(options)]);
    // migrations take a session advisory lock: on the direct URL
    await runMigrations(first, { databaseUrl: target.url! });
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await pgbouncer?.stop();
    await target?.destroy();
  });

  it('answers many parameterised queries and transactions at once', async () => {
    await first.db.insert(users).values({ email: 'pooled@example.com', passwordHash: 'x' });
    const answers = await Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        const database = i % 2 ? first : second;
        if (i % 3 === 0) {
          return database.db.transaction(async (tx) => {
            await tx.execute(sql`set local synchronous_commit to off`);
            const rows = await tx.select().from(users).where(eq(users.email, 'pooled@example.com'));
            return rows.length;
          });
        }
        const rows = await database.db.select().from(users).where(eq(users.email, 'pooled@example.com'));
        return rows.length;
      }),
    );
    expect(answers).toEqual(Array.from({ length: 120 }, () => 1));
  });

  it('leaves no prepared statement on the server connections behind the pooled URL', async () => {
    const repeat = (client: Sql) =>
      Promise.all(
        Array.from({ length: 100 }, (_, i) => client`select ${i}::int as n`.then(([row]) => row!.n)),
      );
    /** Named statements on whichever server connections PgBouncer hands out (an unprepared query asks). */
    const namedStatements = async (client: Sql) => {
      const rows = await Promise.all(
        Array.from({ length: 10 }, () =>
          client.unsafe<{ n: number }[]>('select count(*)::int as n from pg_prepared_statements'),
        ),
      );
      return Math.max(...rows.map(([row]) => row!.n));
    };
    const pooled = openGuardedPostgres(pgbouncer.urlFor(target.url!), 6, undefined, { isPooled: true });
    const preparing = openGuardedPostgres(pgbouncer.urlFor(target.url!), 6, undefined, { isPooled: false });
    try {
      // the pool as the app opens it with DATABASE_DIRECT_URL set
      await expect(repeat(pooled.guardedClient)).resolves.toEqual(Array.from({ length: 100 }, (_, i) => i));
      expect(await namedStatements(pooled.client)).toBe(0);
      // what it did before: statements named on one server connection, to be reused on another
      // (they fail, or hang when a reused name meets another statement's connection: give them 3 s)
      await Promise.race([
        repeat(preparing.guardedClient).catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, 3_000)),
      ]);
      expect(await namedStatements(pooled.client)).toBeGreaterThan(0);
    } finally {
      await Promise.all([pooled.close(), preparing.close()]);
    }
  });

  it('keeps an advisory lock for the whole task, so another process finds it taken', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let onLocked!: () => void;
    const locked = new Promise<void>((resolve) => (onLocked = resolve));
    const holding = withAdvisoryLock(first, 'pgbouncer-test', async () => {
      onLocked();
      // the pooled connections keep working meanwhile
      await Promise.all(Array.from({ length: 20 }, () => first.db.execute(sql`select 1`)));
      await held;
      return 'done';
    });
    await locked;
    await expect(withAdvisoryLock(second, 'pgbouncer-test', async () => 'second')).resolves.toEqual({
      acquired: false,
    });
    release();
    await expect(holding).resolves.toEqual({ acquired: true, value: 'done' });
    await expect(withAdvisoryLock(second, 'pgbouncer-test', async () => 'second')).resolves.toEqual({
      acquired: true,
      value: 'second',
    });
  });

  it('delivers a notification sent through the pooled URL to a listener on the direct one', async () => {
    const received: string[] = [];
    const listener = await listenToChannel(first, 'data_changed', { onMessage: (m) => received.push(m) });
    try {
      // keep the pooled server connections busy with other clients' work, as in production
      await Promise.all(Array.from({ length: 20 }, () => second.db.execute(sql`select 1`)));
      await notifyChannel(second.db, 'data_changed', 'through-pgbouncer');
      const deadline = Date.now() + 2_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual(['through-pgbouncer']);
    } finally {
      await listener.stop();
    }
  });
});
