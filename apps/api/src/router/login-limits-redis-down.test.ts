import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { rateLimits } from '@fm/db';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../test/admin-accounts.js';
import { DATABASE_KINDS, startTestServer, type DatabaseKind, type TestServer } from '../../test/harness.js';
import { AddressedClient } from '../../test/raw-http.js';
import { buildApp } from '../app.js';
import { connectRedis } from '../redis.js';
import { LOGIN_GUESSES_PER_ACCOUNT_AND_ADDRESS } from '../services/auth/login-throttle.js';
import { createRateLimiter } from '../services/rate-limits/rate-limiter.js';

const FREE_GUESSES = LOGIN_GUESSES_PER_ACCOUNT_AND_ADDRESS.freeAttempts;

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** A Redis of this test's own, so stopping it disturbs nobody else. */
async function startRedis(): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout!.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return { url: `redis://127.0.0.1:${port}`, process: child };
}

interface Instance {
  url: string;
  stop(): Promise<void>;
}

/**
 * A second API instance on the first one's database: a second server process's worth of state
 * (its own Redis connection and in-process counters). On PostgreSQL a whole second server; on
 * the embedded database, which one process owns, a second app on the first one's connection.
 */
async function startSecondInstance(
  kind: DatabaseKind,
  first: TestServer,
  redisUrl: string,
): Promise<Instance> {
  if (kind === 'postgres') {
    const second = await startTestServer('pglite', {
      DATABASE_URL: first.config.databaseUrl,
      REDIS_URL: redisUrl,
    });
    return { url: second.url, stop: () => second.stop() };
  }
  const redis = connectRedis({ redisUrl }, first.deps.log)!;
  const rateLimiter = createRateLimiter({ redis, database: first.deps.database });
  const app: FastifyInstance = await buildApp({ ...first.deps, rateLimiter });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await app.close();
      redis.disconnect();
    },
  };
}

describe.each(DATABASE_KINDS)('login limits with Redis stopped, two instances on %s', (kind) => {
  let redis: { url: string; process: ChildProcess };
  let probe: Redis;
  let first: TestServer;
  let second: Instance;

  beforeAll(async () => {
    redis = await startRedis();
    first = await startTestServer(kind, { REDIS_URL: redis.url });
    second = await startSecondInstance(kind, first, redis.url);
    probe = new Redis(redis.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    probe.on('error', () => {});
    await once(probe, 'ready');
    // Both instances hold a connection before the first guess, so every count goes to Redis.
    for (;;) {
      const clients = String(await probe.client('LIST'))
        .trim()
        .split('\n');
      if (clients.length >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    probe?.disconnect();
    if (redis?.process.exitCode === null) redis.process.kill('SIGKILL');
    await second?.stop();
    await first?.stop();
  });

  /** Guesses at `email` from one address, alternating between the two instances. */
  async function alternatingGuesses(email: string, count: number): Promise<number[]> {
    const clients = [first.url, second.url].map((url) => new AddressedClient(url, '127.0.8.1'));
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const client = clients[i % 2]!;
      const answer = await client.post('/api/auth/login', { email, password: `Wrong$Guess${i}xx` });
      statuses.push(answer.status);
    }
    return statuses;
  }

  it('holds the limit across both instances while Redis runs, and after it stops', async () => {
    const before = await insertAccount(first);
    expect(await alternatingGuesses(before.email, FREE_GUESSES + 2)).toEqual([
      ...Array(FREE_GUESSES).fill(401),
      429,
      429,
    ]);
    expect(await probe.keys('fm-rl:login-account-address*')).not.toHaveLength(0);

    redis.process.kill('SIGKILL');
    await once(redis.process, 'exit');

    const after = await insertAccount(first);
    expect(await alternatingGuesses(after.email, FREE_GUESSES + 2)).toEqual([
      ...Array(FREE_GUESSES).fill(401),
      429,
      429,
    ]);
    // The counts went to the database both instances share.
    const rows = await first.deps.database.db.select().from(rateLimits);
    expect(rows.some((row) => row.key.includes(after.email))).toBe(true);
  });
});
