import { randomUUID } from 'node:crypto';
import { listenToChannel, notifyChannel, type ChannelListener, type Database } from '@fm/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import {
  DATA_CHANGED_CHANNEL,
  forgetDataVersion,
  useDataChangeAnnouncer,
  type DataChangeAnnouncer,
} from './data-version.js';

export interface DataChangeChannel extends DataChangeAnnouncer {
  /** Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY (embedded: within this process). */
  readonly kind: 'redis' | 'postgres' | 'in-process';
  /**
   * Calls `listener` after any process (this one included) announced a data change, once this
   * process has dropped its data caches, and after listening resumed (a change may have been
   * missed). Returns the function that stops it.
   */
  onDataChange(listener: () => void): () => void;
  /**
   * Tells every process that a user's sessions ended or changed (their cached copies must go).
   * Resolves once this process heard its own announcement back (at most SESSION_ECHO_WAIT_MS):
   * the others have it by then too, so an answer sent after it cannot race the announcement.
   */
  announceSessionChange(userId: string): Promise<void>;
  /**
   * Calls `listener` with the user whose sessions changed on any process (this one included), or
   * with null after listening resumed, when any may have: forget them all.
   */
  onSessionChange(listener: (userId: string | null) => void): () => void;
  close(): Promise<void>;
}

/** Session announcements share the channel with data versions; this prefix tells them apart. */
const SESSION_CHANGE_PREFIX = 'sessions:';
/** The longest a session announcement waits to hear itself back (the channel may be down). */
const SESSION_ECHO_WAIT_MS = 1_000;

/**
 * Opens the channel on which processes sharing the database announce data changes (imports,
 * syncs: whatever calls bumpDataVersion), and makes bumpDataVersion announce through it. Hearing
 * an announcement — or listening again after the channel dropped, when some may have been
 * missed — makes this process re-read the data version, which drops its data caches.
 */
export async function openDataChangeChannel(deps: {
  config: Pick<Config, 'databaseUrl' | 'dataDir'>;
  database: Database;
  log: FastifyBaseLogger;
  redis?: Redis | undefined;
}): Promise<DataChangeChannel> {
  const { database, log } = deps;
  const dataListeners = new Set<() => void>();
  const sessionListeners = new Set<(userId: string | null) => void>();
  const notify = <A extends unknown[]>(listeners: Set<(...args: A) => void>, ...args: A) => {
    for (const listener of listeners) {
      try {
        listener(...args);
      } catch (error) {
        log.error({ err: error }, 'a data-change listener failed');
      }
    }
  };
  const echoes = new Map<string, () => void>();
  const onMessage = (payload: string | null) => {
    if (payload?.startsWith(SESSION_CHANGE_PREFIX)) {
      const [userId = '', echo = ''] = payload.slice(SESSION_CHANGE_PREFIX.length).split(' ');
      notify(sessionListeners, userId);
      echoes.get(echo)?.();
      return;
    }
    forgetDataVersion(database);
    notify(dataListeners);
    // after listening resumed, session announcements may have been missed too
    if (payload === null) notify(sessionListeners, null);
  };
  const channel = deps.redis
    ? openRedisChannel(deps.redis, redisChannelName(deps.config), onMessage, log)
    : await openDatabaseChannel(database, onMessage, log);
  useDataChangeAnnouncer(database, channel);
  const listenTo = <L>(listeners: Set<L>, listener: L) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    kind: channel.kind,
    get isListening() {
      return channel.isListening;
    },
    announce: (version) => channel.announce(version),
    async announceSessionChange(userId) {
      const echo = randomUUID();
      const heard = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, channel.isListening ? SESSION_ECHO_WAIT_MS : 0);
        echoes.set(echo, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      try {
        await channel.announce(`${SESSION_CHANGE_PREFIX}${userId} ${echo}`);
        await heard;
      } finally {
        echoes.delete(echo);
      }
    },
    onDataChange: (listener) => listenTo(dataListeners, listener),
    onSessionChange: (listener) => listenTo(sessionListeners, listener),
    async close() {
      dataListeners.clear();
      sessionListeners.clear();
      useDataChangeAnnouncer(database, null);
      await channel.close();
    },
  };
}

/** One Redis may serve several deployments: the channel names the database. */
function redisChannelName(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `${DATA_CHANGED_CHANNEL}:${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `${DATA_CHANGED_CHANNEL}:${url.host}${url.pathname}`;
}

/** The transport under the channel; `onMessage(null)` means "listening (again)". */
type Transport = DataChangeAnnouncer & { kind: DataChangeChannel['kind']; close(): Promise<void> };

function openRedisChannel(
  redis: Redis,
  name: string,
  onMessage: (payload: string | null) => void,
  log: FastifyBaseLogger,
): Transport {
  // A subscribed connection can do nothing else; it queues the SUBSCRIBE until it is connected,
  // and subscribes again after every reconnect.
  const subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  subscriber.on('error', () => {}); // reported by the shared client's handler
  subscriber.on('message', (channel: string, payload: string) => {
    if (channel === name) onMessage(payload);
  });
  subscriber.on('ready', () => onMessage(null));
  subscriber.subscribe(name).catch((error: unknown) => {
    log.warn({ err: error }, 'could not subscribe to data-change announcements on Redis');
  });
  return {
    kind: 'redis',
    get isListening() {
      return subscriber.status === 'ready';
    },
    async announce(version) {
      await redis.publish(name, version).catch((error: unknown) => {
        // the change is committed; other processes see it when they next re-read the version
        log.warn({ err: error }, 'could not announce a data change on Redis');
      });
    },
    async close() {
      subscriber.disconnect();
    },
  };
}

async function openDatabaseChannel(
  database: Database,
  onMessage: (payload: string | null) => void,
  log: FastifyBaseLogger,
): Promise<Transport> {
  const listener: ChannelListener = await listenToChannel(database, DATA_CHANGED_CHANNEL, {
    onMessage,
    onListening: () => onMessage(null),
  });
  return {
    kind: database.kind === 'postgres' ? 'postgres' : 'in-process',
    get isListening() {
      return listener.isListening;
    },
    async announce(version) {
      await notifyChannel(database.db, DATA_CHANGED_CHANNEL, version).catch((error: unknown) => {
        log.warn({ err: error }, 'could not announce a data change');
      });
    },
    close: () => listener.stop(),
  };
}
