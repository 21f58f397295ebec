import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@fm/db';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL } from '../../../test/harness.js';
import { AppError } from '../../errors.js';
import {
  backoffDelaySeconds,
  createRateLimiter,
  type BackoffRule,
  type RateLimiter,
  type RateLimitRule,
} from './rate-limiter.js';

const REDIS_URL = process.env.REDIS_URL;
const redisClients: Redis[] = [];
const databases: TestDatabase[] = [];
afterAll(async () => {
  redisClients.forEach((client) => client.disconnect());
  await Promise.all(databases.map((database) => database.destroy()));
});

function redisClient(url: string): Redis {
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  redisClients.push(client);
  return client;
}

const shared = new Map<string, Promise<TestDatabase>>();
/** One migrated database per kind for the whole file (every test uses its own rule names). */
function testDatabase(serverUrl?: string): Promise<TestDatabase> {
  const key = serverUrl ?? 'pglite';
  let database = shared.get(key);
  if (!database) {
    database = createTestDatabase(serverUrl).then((created) => {
      databases.push(created);
      return created;
    });
    shared.set(key, database);
  }
  return database;
}

const stores: Array<[string, () => Promise<RateLimiter>]> = [
  ['in-process', async () => createRateLimiter()],
  // Nothing listens on port 1: every Redis call fails and a stand-in counts.
  [
    'unreachable Redis, no database',
    async () => createRateLimiter({ redis: redisClient('redis://127.0.0.1:1') }),
  ],
  [
    'unreachable Redis, PGlite counters',
    async () =>
      createRateLimiter({ redis: redisClient('redis://127.0.0.1:1'), database: await testDatabase() }),
  ],
];
if (TEST_POSTGRES_URL) {
  stores.push([
    'unreachable Redis, PostgreSQL counters',
    async () =>
      createRateLimiter({
        redis: redisClient('redis://127.0.0.1:1'),
        database: await testDatabase(TEST_POSTGRES_URL),
      }),
  ]);
}
if (REDIS_URL) {
  stores.push([
    'Redis',
    async () => {
      const client = redisClient(REDIS_URL);
      await new Promise((resolve) => client.once('ready', resolve));
      return createRateLimiter({ redis: client });
    },
  ]);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a rejection');
}

describe('growing delays', () => {
  it('double from the first delay after the free attempts, up to the cap', () => {
    const rule: BackoffRule = {
      name: 'r',
      freeAttempts: 5,
      windowSeconds: 86_400,
      firstDelaySeconds: 60,
      maxDelaySeconds: 900,
    };
    expect([5, 6, 7, 8, 9, 10, 50].map((count) => backoffDelaySeconds(rule, count))).toEqual([
      60, 120, 240, 480, 900, 900, 900,
    ]);
  });
});

describe.each(stores)('rate limiter with %s', { timeout: 60_000 }, (_name, create) => {
  const rule = (): RateLimitRule => ({ name: `test-${randomUUID()}`, points: 3, durationSeconds: 600 });

  it('allows the budget, then refuses with RATE_LIMITED, the seconds to wait and its message', async () => {
    const limiter = await create();
    const r = rule();
    for (let i = 0; i < r.points; i += 1) await limiter.consume(r, 'someone@example.com');
    const error = await rejection(
      limiter.consume(r, 'someone@example.com', (wait) => `Slow down, wait ${wait}.`),
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.status).toBe(429);
    expect(error.message).toBe('Slow down, wait 10 minutes.');
    expect(error.details?.retryAfterSeconds).toBeGreaterThan(590);
    expect(error.details?.retryAfterSeconds).toBeLessThanOrEqual(600);
  });

  it('counts keys separately, ignoring case and surrounding spaces', async () => {
    const limiter = await create();
    const r = rule();
    for (let i = 0; i < r.points; i += 1) await limiter.consume(r, ' Someone@Example.com ');
    await expect(limiter.consume(r, 'someone@example.com')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(limiter.consume(r, 'other@example.com')).resolves.toBeUndefined();
  });

  it('gives an attempt back on refund, and forgets a key on reset', async () => {
    const limiter = await create();
    const r = rule();
    for (let i = 0; i < r.points; i += 1) await limiter.consume(r, 'ip');
    await limiter.refund(r, 'ip');
    await expect(limiter.consume(r, 'ip')).resolves.toBeUndefined();
    await expect(limiter.consume(r, 'ip')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await limiter.reset(r, 'ip');
    for (let i = 0; i < r.points; i += 1) await limiter.consume(r, 'ip');
  });

  it('lets the free attempts through, then one attempt per delay, the delay growing', async () => {
    const limiter = await create();
    const backoff: BackoffRule = {
      name: `backoff-${randomUUID()}`,
      freeAttempts: 2,
      windowSeconds: 600,
      firstDelaySeconds: 1,
      maxDelaySeconds: 8,
    };
    await limiter.attempt(backoff, 'key');
    await limiter.attempt(backoff, 'key');
    const tooSoon = await rejection(limiter.attempt(backoff, 'key'));
    expect(tooSoon.details?.retryAfterSeconds).toBe(1);
    // Refused attempts do not count: after the first delay the next attempt goes through…
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await limiter.attempt(backoff, 'key');
    // …and earns a longer delay for the one after it.
    const longer = await rejection(limiter.attempt(backoff, 'key'));
    expect(longer.details?.retryAfterSeconds).toBe(2);
    await expect(limiter.attempt(backoff, 'other key')).resolves.toBeUndefined();
    await limiter.resetAttempts(backoff, 'KEY ');
    await limiter.attempt(backoff, 'key');
    await limiter.attempt(backoff, 'key');
  });
});

if (REDIS_URL) {
  describe('Redis counters', () => {
    it('are shared by every API process', async () => {
      const rule: RateLimitRule = { name: `shared-${randomUUID()}`, points: 2, durationSeconds: 60 };
      const first = createRateLimiter({ redis: redisClient(REDIS_URL) });
      const second = createRateLimiter({ redis: redisClient(REDIS_URL) });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.consume(rule, 'key');
      await second.consume(rule, 'key');
      await expect(first.consume(rule, 'key')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    });
  });
}

describe('database counters while Redis is down', () => {
  it('are shared by every API process on the database', async () => {
    const database = await testDatabase();
    const rule: RateLimitRule = { name: `shared-${randomUUID()}`, points: 2, durationSeconds: 60 };
    const first = createRateLimiter({ redis: redisClient('redis://127.0.0.1:1'), database });
    const second = createRateLimiter({ redis: redisClient('redis://127.0.0.1:1'), database });
    await first.consume(rule, 'key');
    await second.consume(rule, 'key');
    await expect(first.consume(rule, 'key')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(second.consume(rule, 'key')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});
