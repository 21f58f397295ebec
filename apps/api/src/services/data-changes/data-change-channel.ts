import { randomUUID } from 'node:crypto';
import { listenToChannel, notifyChannel, type ChannelListener, type Database } from '@fm/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import { DATA_CHANGED_CHANNEL, type DataChangeAnnouncer, type DataVersion } from './data-version.js';

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
   * Resolves once every process known to be listening has acknowledged it (at most
   * SESSION_ACK_WAIT_MS), so an answer sent after it cannot race the announcement elsewhere.
   */
  announceSessionChange(userId: string): Promise<void>;
  /**
   * Calls `listener` with the user whose sessions changed on any process (this one included), or
   * with null after listening resumed, when any may have: forget them all.
   */
  onSessionChange(listener: (userId: string | null) => void): () => void;
  close(): Promise<void>;
}

/** Session announcements share the channel with data versions; these prefixes tell them apart. */
const SESSION_CHANGE_PREFIX = 'sessions:';
const SESSION_ACK_PREFIX = 'sessions-ack:';
/**
 * The longest a session announcement waits for the other processes' acknowledgements. Hearing
 * one's own announcement back proves nothing about the others: PostgreSQL and Redis deliver to
 * each listener separately, and a busy process may still answer from its cache for a while.
 */
const SESSION_ACK_WAIT_MS = 1_000;

/**
 * Opens the channel on which processes sharing the database announce data changes (imports,
 * syncs: whatever bumps the data version), and makes `dataVersion.bump()` announce through it. Hearing
 * an announcement — or listening again after the channel dropped, when some may have been
 * missed — makes this process re-read the data version, which drops its data caches.
 */
export async function openDataChangeChannel(deps: {
  config: Pick<Config, 'databaseUrl' | 'dataDir'>;
  database: Database;
  dataVersion: DataVersion;
  log: FastifyBaseLogger;
  redis?: Redis | undefined;
}): Promise<DataChangeChannel> {
  const { database, dataVersion, log } = deps;
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
  const self = randomUUID();
  const peers = createPeerRegistry(self);
  /** Announcements of this process still waiting for acknowledgements, by announcement id. */
  const pendingAcks = new Map<string, (from: string) => void>();
  /** Set once the transport is open; messages arrive (and are answered) from then on. */
  const opened: { transport?: Transport } = {};
  const publish = (payload: string) => void opened.transport?.announce(payload);
  const onMessage = (payload: string | null) => {
    if (payload?.startsWith(PEER_PREFIX)) {
      const [kind, id = ''] = payload.slice(PEER_PREFIX.length).split(' ');
      if (id === self) return;
      if (kind === 'bye') peers.forget(id);
      // a newcomer learns of the processes already listening from their answers
      else if (!peers.heard(id, Date.now()) && kind === 'hello') publish(`${PEER_PREFIX}alive ${self}`);
      return;
    }
    if (payload?.startsWith(SESSION_ACK_PREFIX)) {
      const [announcement = '', from = ''] = payload.slice(SESSION_ACK_PREFIX.length).split(' ');
      pendingAcks.get(announcement)?.(from);
      return;
    }
    if (payload?.startsWith(SESSION_CHANGE_PREFIX)) {
      const [userId = '', announcement = ''] = payload.slice(SESSION_CHANGE_PREFIX.length).split(' ');
      notify(sessionListeners, userId);
      if (pendingAcks.has(announcement)) pendingAcks.get(announcement)!(self);
      else publish(`${SESSION_ACK_PREFIX}${announcement} ${self}`);
      return;
    }
    if (payload === null) publish(`${PEER_PREFIX}hello ${self}`);
    dataVersion.forget();
    notify(dataListeners);
    // after listening resumed, session announcements may have been missed too
    if (payload === null) notify(sessionListeners, null);
  };
  const transport = (opened.transport = deps.redis
    ? openRedisChannel(deps.redis, redisChannelName(deps.config), onMessage, log)
    : await openDatabaseChannel(database, onMessage, log));
  dataVersion.announceThrough(transport);
  const heartbeat = setInterval(() => publish(`${PEER_PREFIX}alive ${self}`), PEER_HEARTBEAT_MS);
  heartbeat.unref();
  if (transport.isListening) publish(`${PEER_PREFIX}hello ${self}`); // the first hello came before the transport
  const listenTo = <L>(listeners: Set<L>, listener: L) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    kind: transport.kind,
    get isListening() {
      return transport.isListening;
    },
    announce: (version) => transport.announce(version),
    async announceSessionChange(userId) {
      const announcement = randomUUID();
      const waitingFor = new Set([self, ...peers.live(Date.now())]);
      const acknowledged = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, transport.isListening ? SESSION_ACK_WAIT_MS : 0);
        pendingAcks.set(announcement, (from) => {
          waitingFor.delete(from);
          if (waitingFor.size > 0) return;
          clearTimeout(timer);
          resolve();
        });
      });
      try {
        await transport.announce(`${SESSION_CHANGE_PREFIX}${userId} ${announcement}`);
        await acknowledged;
      } finally {
        pendingAcks.delete(announcement);
      }
    },
    onDataChange: (listener) => listenTo(dataListeners, listener),
    onSessionChange: (listener) => listenTo(sessionListeners, listener),
    async close() {
      clearInterval(heartbeat);
      dataListeners.clear();
      sessionListeners.clear();
      dataVersion.announceThrough(null);
      // the others stop waiting for this process's acknowledgements
      if (transport.isListening) await transport.announce(`${PEER_PREFIX}bye ${self}`);
      await transport.close();
    },
  };
}

/** Processes say they are listening (hello on start, alive every PEER_HEARTBEAT_MS, bye on close). */
const PEER_PREFIX = 'peer:';
const PEER_HEARTBEAT_MS = 10_000;
/** A process not heard of for three heartbeats has gone (crashed, or cut off from the channel). */
const PEER_GONE_AFTER_MS = 3 * PEER_HEARTBEAT_MS;

/** The other processes listening on the channel, which a session announcement waits for. */
function createPeerRegistry(self: string) {
  const lastHeard = new Map<string, number>();
  return {
    /** Records a process as listening; says whether it was already known. */
    heard(id: string, now: number): boolean {
      const known = lastHeard.has(id);
      if (id !== self) lastHeard.set(id, now);
      return known;
    },
    forget: (id: string) => void lastHeard.delete(id),
    live(now: number): string[] {
      for (const [id, at] of lastHeard) if (now - at > PEER_GONE_AFTER_MS) lastHeard.delete(id);
      return [...lastHeard.keys()];
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
