import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyticsEvents, errorEvents } from '../schema.js';
import { createTestDatabase, type TestDatabase } from '../test-database.js';
import { createPostgresEventStore } from './postgres-event-store.js';
import { openMongoEventStore, type MongoEventStore } from './mongo-event-store.js';
import type { EventStore } from './types.js';

const POSTGRES_SERVER_URL = process.env.DATABASE_URL || undefined;
const MONGODB_TEST_URL = process.env.MONGODB_TEST_URL || undefined;

const MINUTE = 60_000;
const at = (iso: string) => new Date(iso);

/** The one behavior every EventStore must show; `reset` empties the store between tests. */
function eventStoreContract(
  open: () => Promise<{ store: EventStore; reset(): Promise<void>; close(): Promise<void> }>,
) {
  let store: EventStore;
  let reset: () => Promise<void>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ store, reset, close } = await open());
  });
  afterAll(async () => {
    await close?.();
  });
  beforeEach(async () => {
    await reset();
  });

  it('records analytics events and counts them by type and time range', async () => {
    const alice = randomUUID();
    await store.recordEvents([
      { type: 'auth.login', userId: alice, createdAt: at('2025-01-01T10:00:00Z') },
      { type: 'auth.login', userId: alice, createdAt: at('2025-01-02T10:00:00Z') },
      {
        type: 'page.view',
        userId: null,
        payload: { path: '/projections' },
        createdAt: at('2025-01-02T11:00:00Z'),
      },
    ]);
    expect(await store.countEvents()).toBe(3);
    expect(await store.countEvents({ types: ['auth.login'] })).toBe(2);
    expect(await store.countEvents({ since: at('2025-01-02T00:00:00Z') })).toBe(2);
    expect(await store.countEvents({ until: at('2025-01-02T10:00:00Z') })).toBe(1);
    expect(
      await store.countEvents({ types: ['page.view', 'auth.login'], since: at('2025-01-02T10:30:00Z') }),
    ).toBe(1);
  });

  it('groups distinct active users by UTC day', async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    await store.recordEvents([
      { type: 'auth.login', userId: alice, createdAt: at('2025-03-01T00:10:00Z') },
      { type: 'page.view', userId: alice, createdAt: at('2025-03-01T23:50:00Z') },
      { type: 'page.view', userId: bob, createdAt: at('2025-03-01T12:00:00Z') },
      { type: 'page.view', userId: null, createdAt: at('2025-03-01T12:00:00Z') },
      { type: 'auth.login', userId: bob, createdAt: at('2025-03-03T08:00:00Z') },
      { type: 'auth.login', userId: bob, createdAt: at('2025-03-09T08:00:00Z') },
    ]);
    const days = await store.activeUsersByDay({
      since: at('2025-03-01T00:00:00Z'),
      until: at('2025-03-05T00:00:00Z'),
    });
    expect(days.map((d) => ({ day: d.day, users: [...d.userIds].sort() }))).toEqual([
      { day: '2025-03-01', users: [alice, bob].sort() },
      { day: '2025-03-03', users: [bob] },
    ]);
    const loginsOnly = await store.activeUsersByDay({
      types: ['auth.login'],
      since: at('2025-03-01T00:00:00Z'),
    });
    expect(loginsOnly.map((d) => [d.day, d.userIds.length])).toEqual([
      ['2025-03-01', 1],
      ['2025-03-03', 1],
      ['2025-03-09', 1],
    ]);
  });

  it('streams events oldest first with filters and a limit, across page boundaries', async () => {
    const start = at('2025-05-01T00:00:00Z').getTime();
    const many = Array.from({ length: 2_345 }, (_, i) => ({
      type: i % 2 === 0 ? 'page.view' : 'simulation.run',
      payload: { index: i },
      createdAt: new Date(start + i * 1000),
    }));
    await store.recordEvents(many);
    const all: number[] = [];
    for await (const event of store.streamEvents()) all.push(event.payload?.index as number);
    expect(all).toHaveLength(2_345);
    expect(all).toEqual([...all].sort((a, b) => a - b));

    const views: string[] = [];
    for await (const event of store.streamEvents({ types: ['page.view'], limit: 1_500 }))
      views.push(event.type);
    expect(views).toHaveLength(1_173);
    expect(new Set(views)).toEqual(new Set(['page.view']));

    const newest: number[] = [];
    for await (const event of store.streamEvents({ newestFirst: true, limit: 1_100 }))
      newest.push(event.payload?.index as number);
    expect(newest).toHaveLength(1_100);
    expect(newest[0]).toBe(2_344);
    expect(newest[1_099]).toBe(2_344 - 1_099);

    const limited: unknown[] = [];
    for await (const event of store.streamEvents({ limit: 1_200, since: new Date(start + 100_000) }))
      limited.push(event);
    expect(limited).toHaveLength(1_200);
    expect((limited[0] as { payload: { index: number } }).payload.index).toBe(100);
    expect((limited[0] as { createdAt: Date }).createdAt).toBeInstanceOf(Date);
  });

  it('deletes events older than a date, optionally of given types, and says how many', async () => {
    await store.recordEvents([
      { type: 'page.view', createdAt: at('2024-01-01T00:00:00Z') },
      { type: 'auth.login', createdAt: at('2024-01-01T00:00:00Z') },
      { type: 'page.view', createdAt: at('2024-06-01T00:00:00Z') },
      { type: 'page.view', createdAt: at('2025-06-01T00:00:00Z') },
    ]);
    expect(await store.deleteEvents({ before: at('2025-01-01T00:00:00Z'), types: ['page.view'] })).toBe(2);
    expect(await store.countEvents()).toBe(2);
    expect(await store.deleteEvents({ before: at('2025-01-01T00:00:00Z') })).toBe(1);
    expect(await store.countEvents({ types: ['page.view'] })).toBe(1);
    expect(await store.deleteEvents({ before: at('2020-01-01T00:00:00Z') })).toBe(0);
  });

  it("deletes one user's events and no one else's", async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    await store.recordEvents([
      { type: 'auth.login', userId: alice },
      { type: 'page.view', userId: alice },
      { type: 'auth.login', userId: bob },
      { type: 'page.view', userId: null },
    ]);
    expect(await store.deleteUserEvents(alice)).toBe(2);
    expect(await store.countEvents()).toBe(2);
    const days = await store.activeUsersByDay({});
    expect(days.flatMap((d) => d.userIds)).toEqual([bob]);
  });

  it('keeps an error log: totals, categories, recent and frequent errors, a timeline, pruning', async () => {
    const now = Date.now();
    const ago = (minutes: number) => new Date(now - minutes * MINUTE);
    await store.recordErrors([
      {
        category: 'SERVER_ERROR',
        statusCode: 500,
        message: 'boom',
        endpoint: 'GET /api/a',
        method: 'GET',
        createdAt: ago(50),
      },
      {
        category: 'SERVER_ERROR',
        statusCode: 500,
        message: 'boom',
        endpoint: 'GET /api/a',
        method: 'GET',
        createdAt: ago(5),
      },
      {
        category: 'SERVER_ERROR',
        statusCode: 500,
        message: 'boom',
        endpoint: 'GET /api/a',
        createdAt: ago(4),
      },
      {
        category: 'AUTHENTICATION_ERROR',
        statusCode: 401,
        message: 'Invalid email or password.',
        endpoint: 'POST /api/auth/login',
        createdAt: ago(3),
      },
      {
        category: 'VALIDATION_ERROR',
        statusCode: 400,
        message: 'week: too big',
        endpoint: 'GET /api/projections/all',
        createdAt: ago(2),
      },
      {
        category: 'DATABASE_ERROR',
        statusCode: 500,
        message: 'db down',
        endpoint: 'GET /api/health',
        createdAt: ago(1),
      },
      {
        category: 'CLIENT_ERROR',
        statusCode: 404,
        message: 'No such path',
        endpoint: 'GET /api/nope',
        createdAt: ago(60 * 24 * 40),
      },
    ]);
    expect(await store.countErrors()).toBe(7);
    expect(await store.countErrors({ since: ago(10) })).toBe(5);
    expect(await store.countErrorsByCategory({ since: ago(60) })).toEqual({
      SERVER_ERROR: 3,
      CLIENT_ERROR: 0,
      DATABASE_ERROR: 1,
      AUTHENTICATION_ERROR: 1,
      VALIDATION_ERROR: 1,
    });

    const recent = await store.recentErrors(2);
    expect(recent.map((e) => e.message)).toEqual(['db down', 'week: too big']);
    expect(recent[0]).toMatchObject({
      category: 'DATABASE_ERROR',
      statusCode: 500,
      endpoint: 'GET /api/health',
    });
    expect(recent[0]!.createdAt).toBeInstanceOf(Date);
    expect(typeof recent[0]!.id).toBe('string');

    const top = await store.topErrors({ since: ago(120), limit: 2 });
    expect(top[0]).toMatchObject({ message: 'boom', endpoint: 'GET /api/a', count: 3 });
    expect(Math.abs(top[0]!.lastOccurred.getTime() - ago(4).getTime())).toBeLessThan(1000);
    expect(top).toHaveLength(2);

    const bucketMs = 10 * MINUTE;
    const timeline = await store.errorTimeline({ since: ago(60), bucketMs });
    const total = timeline.reduce((sum, bucket) => sum + bucket.count, 0);
    expect(total).toBe(6);
    for (const bucket of timeline) expect(bucket.bucketStart.getTime() % bucketMs).toBe(0);
    const serverErrors = timeline
      .filter((b) => b.category === 'SERVER_ERROR')
      .reduce((s, b) => s + b.count, 0);
    expect(serverErrors).toBe(3);

    expect(await store.deleteErrors({ before: ago(60 * 24 * 30) })).toBe(1);
    expect(await store.countErrors()).toBe(6);
  });

  it('answers a ping with its latency', async () => {
    const latency = await store.ping();
    expect(latency).toBeGreaterThanOrEqual(0);
    expect(latency).toBeLessThan(5_000);
  });
}

describe('EventStore on PostgreSQL (embedded)', () => {
  eventStoreContract(async () => {
    const database = await createTestDatabase();
    return {
      store: createPostgresEventStore(database.db),
      reset: async () => {
        await database.db.delete(analyticsEvents);
        await database.db.delete(errorEvents);
      },
      close: () => database.destroy(),
    };
  });
});

describe.runIf(POSTGRES_SERVER_URL)('EventStore on a PostgreSQL server', () => {
  eventStoreContract(async () => {
    const database: TestDatabase = await createTestDatabase(POSTGRES_SERVER_URL);
    return {
      store: createPostgresEventStore(database.db),
      reset: async () => {
        await database.db.delete(analyticsEvents);
        await database.db.delete(errorEvents);
      },
      close: () => database.destroy(),
    };
  });
});

describe.runIf(MONGODB_TEST_URL)('EventStore on MongoDB', () => {
  eventStoreContract(async () => {
    const store: MongoEventStore = await openMongoEventStore(MONGODB_TEST_URL!, {
      databaseName: `fm_test_${process.pid}_${Date.now()}`,
    });
    return {
      store,
      reset: async () => {
        await store.deleteEvents({ before: new Date(8.64e15) });
        await store.deleteErrors({ before: new Date(8.64e15) });
      },
      close: async () => {
        await store.dropDatabase();
        await store.close();
      },
    };
  });
});
