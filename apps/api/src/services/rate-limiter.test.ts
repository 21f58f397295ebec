import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { createRateLimiter, type RateLimiter, type RateLimitRule } from './rate-limiter.js';

const REDIS_URL = process.env.REDIS_URL;
const redisClients: Redis[] = [];
afterAll(() => redisClients.forEach((client) => client.disconnect()));

function redisClient(url: string): Redis {
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  redisClients.push(client);
  return client;
}

const stores: Array<[string, () => Promise<RateLimiter>]> = [
  ['in-process', async () => createRateLimiter()],
  // Nothing listens on port 1: every Redis call fails and the in-process stand-in counts.
  ['unreachable Redis', async () => createRateLimiter({ redis: redisClient('redis://127.0.0.1:1') })],
];
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

describe.each(stores)('rate limiter with %s counters', (_name, create) => {
  const rule = (): RateLimitRule => ({ name: `test-${randomUUID()}`, points: 3, durationSeconds: 600 });

  it('allows the budget, then refuses with RATE_LIMITED and the seconds to wait', async () => {
    const limiter = await create();
    const r = rule();
    for (let i = 0; i < r.points; i += 1) await limiter.consume(r, 'someone@example.com');
    const error = await rejection(limiter.consume(r, 'someone@example.com'));
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.status).toBe(429);
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
