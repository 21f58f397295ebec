import { sql } from 'drizzle-orm';
import postgres, { type Sql } from 'postgres';
import type { Database, Db } from './client.js';

/** Wait before listening again after the listening connection dropped. */
const RELISTEN_DELAY_MS = 500;

export interface ChannelListener {
  /** True while notifications on the channel can arrive (PostgreSQL: the listening connection is up). */
  readonly isListening: boolean;
  stop(): Promise<void>;
}

export interface ListenHandlers {
  onMessage(payload: string): void;
  /**
   * Called each time listening (re)starts. Notifications sent while the connection was down are
   * lost, so a caller that keeps state derived from them should re-read it here.
   */
  onListening?(): void;
}

/**
 * Sends `payload` to every listener of `channel`, in this process and every other one using the
 * same database. Sent through `db`: inside a transaction, listeners hear it when it commits.
 */
export async function notifyChannel(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * Listens on `channel`: PostgreSQL LISTEN on a connection of its own, listening again whenever it
 * drops; on the embedded database, within this process. Resolves once listening, or rejects
 * when the first attempt fails.
 */
export async function listenToChannel(
  database: Database,
  channel: string,
  handlers: ListenHandlers,
): Promise<ChannelListener> {
  const { driver } = database;
  if (driver.kind === 'pglite') {
    const unlisten = await driver.client.listen(channel, handlers.onMessage);
    handlers.onListening?.();
    return { isListening: true, stop: () => unlisten() };
  }
  return listenOnPostgres(driver.client, channel, handlers);
}

async function listenOnPostgres(
  pool: Sql,
  channel: string,
  handlers: ListenHandlers,
): Promise<ChannelListener> {
  let isListening = false;
  let isStopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  // The pool's settings (server, credentials, back-off), on one connection that never idles out.
  const options = {
    ...pool.options,
    max: 1,
    idle_timeout: 0,
    max_lifetime: 0,
    fetch_types: false,
    onnotify: (name: string, payload: string) => {
      if (name === channel) handlers.onMessage(payload);
    },
    onclose: () => {
      isListening = false;
      if (!isStopped) scheduleListen();
    },
  };
  // `onnotify` is a real option of postgres.js that its types leave out
  const connection: Sql = postgres(options as unknown as postgres.Options<Record<string, never>>);

  const listen = async () => {
    await connection`listen ${connection(channel)}`;
    if (isStopped) return;
    isListening = true;
    handlers.onListening?.();
  };
  function scheduleListen() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      listen().catch(() => {
        if (!isStopped && !isListening) scheduleListen();
      });
    }, RELISTEN_DELAY_MS);
    retryTimer.unref();
  }

  try {
    await listen();
  } catch (error) {
    isStopped = true;
    await connection.end({ timeout: 0 });
    throw error;
  }
  return {
    get isListening() {
      return isListening;
    },
    async stop() {
      isStopped = true;
      isListening = false;
      clearTimeout(retryTimer);
      await connection.end({ timeout: 1 });
    },
  };
}
