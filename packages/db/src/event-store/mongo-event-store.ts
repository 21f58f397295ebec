import type { ObjectId } from 'mongodb';
import { MongoClient, type Collection, type Filter } from 'mongodb';
import {
  emptyCategoryCounts,
  ERROR_LOG_RETENTION_DAYS,
  isErrorCategory,
  type ErrorCategory,
  type ErrorEvent,
  type EventQuery,
  type EventStore,
  type TimeRange,
} from './types.js';

const DEFAULT_DATABASE_NAME = 'fantasy_matchup';
const SERVER_SELECTION_TIMEOUT_MS = 5_000;
const DAY_SECONDS = 24 * 60 * 60;

interface AnalyticsDocument {
  _id?: ObjectId;
  type: string;
  userId: string | null;
  payload: Record<string, unknown> | null;
  createdAt: Date;
}

interface ErrorDocument {
  _id?: ObjectId;
  category: string;
  statusCode: number;
  message: string;
  endpoint: string;
  method: string | null;
  createdAt: Date;
}

export interface MongoEventStoreOptions {
  /** Overrides the database named in the URL (tests use a fresh one each run). */
  databaseName?: string | undefined;
  serverSelectionTimeoutMs?: number | undefined;
}

export interface MongoEventStore extends EventStore {
  readonly databaseName: string;
  /** Drops the whole database (tests only). */
  dropDatabase(): Promise<void>;
}

/** The database named in a MongoDB URL's path, if any (`mongodb://host/name?…`). */
export function databaseNameFromUrl(url: string): string | undefined {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(url);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

function rangeFilter(range: TimeRange): Filter<{ createdAt: Date }> {
  const createdAt: { $gte?: Date; $lt?: Date } = {};
  if (range.since) createdAt.$gte = range.since;
  if (range.until) createdAt.$lt = range.until;
  return Object.keys(createdAt).length > 0 ? { createdAt } : {};
}

function eventFilter(query: EventQuery): Filter<AnalyticsDocument> {
  const filter = rangeFilter(query) as Filter<AnalyticsDocument>;
  if (query.types && query.types.length > 0) filter.type = { $in: query.types };
  return filter;
}

function toErrorEvent(doc: ErrorDocument): ErrorEvent {
  return {
    id: doc._id ? doc._id.toHexString() : '',
    category: isErrorCategory(doc.category) ? doc.category : 'SERVER_ERROR',
    statusCode: doc.statusCode,
    message: doc.message,
    endpoint: doc.endpoint,
    method: doc.method,
    createdAt: doc.createdAt,
  };
}

async function ensureIndexes(
  events: Collection<AnalyticsDocument>,
  errors: Collection<ErrorDocument>,
): Promise<void> {
  await events.createIndexes([
    { key: { type: 1, createdAt: 1 }, name: 'type_createdAt' },
    { key: { createdAt: 1 }, name: 'createdAt' },
    {
      key: { userId: 1, createdAt: 1 },
      name: 'userId_createdAt',
      partialFilterExpression: { userId: { $type: 'string' } },
    },
  ]);
  await errors.createIndexes([
    // The error log expires by itself; analytics events stay until an admin cleans them up.
    {
      key: { createdAt: 1 },
      name: 'createdAt_ttl',
      expireAfterSeconds: ERROR_LOG_RETENTION_DAYS * DAY_SECONDS,
    },
    { key: { message: 1, endpoint: 1 }, name: 'message_endpoint' },
  ]);
}

/**
 * Events in MongoDB (`MONGODB_URL`): collections `analytics_events` and `error_events`.
 * Connects (failing within the server-selection timeout) and creates the indexes.
 */
export async function openMongoEventStore(
  url: string,
  options: MongoEventStoreOptions = {},
): Promise<MongoEventStore> {
  const client = new MongoClient(url, {
    appName: 'fantasy-matchup',
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? SERVER_SELECTION_TIMEOUT_MS,
  });
  await client.connect();
  const databaseName = options.databaseName ?? databaseNameFromUrl(url) ?? DEFAULT_DATABASE_NAME;
  const database = client.db(databaseName);
  const events = database.collection<AnalyticsDocument>('analytics_events');
  const errors = database.collection<ErrorDocument>('error_events');
  try {
    await ensureIndexes(events, errors);
  } catch (error) {
    await client.close();
    throw error;
  }

  return {
    kind: 'mongodb',
    databaseName,

    async recordEvents(newEvents) {
      if (newEvents.length === 0) return;
      await events.insertMany(
        newEvents.map((event) => ({
          type: event.type,
          userId: event.userId ?? null,
          payload: event.payload ?? null,
          createdAt: event.createdAt ?? new Date(),
        })),
        { ordered: false },
      );
    },

    countEvents: (query = {}) => events.countDocuments(eventFilter(query)),

    async activeUsersByDay(query) {
      const rows = await events
        .aggregate<{ _id: string; userIds: string[] }>([
          { $match: { ...eventFilter(query), userId: { $type: 'string' } } },
          {
            $group: {
              _id: { $dateToString: { format: '%Y-%m-%d', date: '$createdAt', timezone: 'UTC' } },
              userIds: { $addToSet: '$userId' },
            },
          },
          { $sort: { _id: 1 } },
        ])
        .toArray();
      return rows.map((row) => ({ day: row._id, userIds: row.userIds }));
    },

    async *streamEvents(query = {}) {
      const order = query.newestFirst ? -1 : 1;
      const cursor = events.find(eventFilter(query)).sort({ createdAt: order, _id: order });
      if (query.limit !== undefined) cursor.limit(query.limit);
      try {
        for await (const doc of cursor) {
          yield {
            id: doc._id.toHexString(),
            type: doc.type,
            userId: doc.userId,
            payload: doc.payload,
            createdAt: doc.createdAt,
          };
        }
      } finally {
        await cursor.close();
      }
    },

    async deleteEvents({ before, types }) {
      const filter: Filter<AnalyticsDocument> = { createdAt: { $lt: before } };
      if (types && types.length > 0) filter.type = { $in: types };
      const result = await events.deleteMany(filter);
      return result.deletedCount;
    },

    async deleteUserEvents(userId) {
      const result = await events.deleteMany({ userId });
      return result.deletedCount;
    },

    async recordErrors(newErrors) {
      if (newErrors.length === 0) return;
      await errors.insertMany(
        newErrors.map((error) => ({
          category: error.category,
          statusCode: error.statusCode,
          message: error.message,
          endpoint: error.endpoint,
          method: error.method ?? null,
          createdAt: error.createdAt ?? new Date(),
        })),
        { ordered: false },
      );
    },

    countErrors: (range = {}) => errors.countDocuments(rangeFilter(range) as Filter<ErrorDocument>),

    async countErrorsByCategory(range = {}) {
      const rows = await errors
        .aggregate<{ _id: string; total: number }>([
          { $match: rangeFilter(range) },
          { $group: { _id: '$category', total: { $sum: 1 } } },
        ])
        .toArray();
      const counts = emptyCategoryCounts();
      for (const row of rows) if (isErrorCategory(row._id)) counts[row._id] += row.total;
      return counts;
    },

    async errorTimeline({ since, bucketMs }) {
      const epochMs = { $toLong: '$createdAt' };
      const rows = await errors
        .aggregate<{ _id: { bucket: number; category: string }; total: number }>([
          { $match: { createdAt: { $gte: since } } },
          {
            $group: {
              _id: { bucket: { $subtract: [epochMs, { $mod: [epochMs, bucketMs] }] }, category: '$category' },
              total: { $sum: 1 },
            },
          },
          { $sort: { '_id.bucket': 1, '_id.category': 1 } },
        ])
        .toArray();
      return rows
        .filter((row) => isErrorCategory(row._id.category))
        .map((row) => ({
          bucketStart: new Date(Number(row._id.bucket)),
          category: row._id.category as ErrorCategory,
          count: row.total,
        }));
    },

    async recentErrors(limit) {
      const docs = await errors.find({}).sort({ createdAt: -1, _id: -1 }).limit(limit).toArray();
      return docs.map(toErrorEvent);
    },

    async topErrors({ limit, ...range }) {
      const rows = await errors
        .aggregate<{ _id: { message: string; endpoint: string }; total: number; lastOccurred: Date }>([
          { $match: rangeFilter(range) },
          {
            $group: {
              _id: { message: '$message', endpoint: '$endpoint' },
              total: { $sum: 1 },
              lastOccurred: { $max: '$createdAt' },
            },
          },
          { $sort: { total: -1, lastOccurred: -1 } },
          { $limit: limit },
        ])
        .toArray();
      return rows.map((row) => ({
        message: row._id.message,
        endpoint: row._id.endpoint,
        count: row.total,
        lastOccurred: row.lastOccurred,
      }));
    },

    async deleteErrors({ before }) {
      const result = await errors.deleteMany({ createdAt: { $lt: before } });
      return result.deletedCount;
    },

    async ping() {
      const started = performance.now();
      await database.command({ ping: 1 });
      return performance.now() - started;
    },

    close: () => client.close(),

    async dropDatabase() {
      await database.dropDatabase();
    },
  };
}
