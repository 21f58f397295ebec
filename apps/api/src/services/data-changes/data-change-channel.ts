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
  close(): Promise<void>;
}

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
  const onChange = () => forgetDataVersion(database);
  const channel = deps.redis
    ? openRedisChannel(deps.redis, redisChannelName(deps.config), onChange, log)
    : await openDatabaseChannel(database, onChange, log);
  useDataChangeAnnouncer(database, channel);
  return {
    kind: channel.kind,
    get isListening() {
      return channel.isListening;
    },
    announce: (version) => channel.announce(version),
    async close() {
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

function openRedisChannel(
  redis: Redis,
  name: string,
  onChange: () => void,
  log: FastifyBaseLogger,
): DataChangeChannel {
  // A subscribed connection can do nothing else; it queues the SUBSCRIBE until it is connected,
  // and subscribes again after every reconnect.
  const subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  subscriber.on('error', () => {}); // reported by the shared client's handler
  subscriber.on('message', (channel: string) => {
    if (channel === name) onChange();
  });
  subscriber.on('ready', onChange);
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
  onChange: () => void,
  log: FastifyBaseLogger,
): Promise<DataChangeChannel> {
  const listener: ChannelListener = await listenToChannel(database, DATA_CHANGED_CHANNEL, {
    onMessage: onChange,
    onListening: onChange,
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
