import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';
import { listenToChannel, notifyChannel } from './notifications.js';
import { startTcpProxy } from './tcp-proxy.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

const POSTGRES_URL = process.env.DATABASE_URL || undefined;
const KINDS: [string, string | undefined][] = [['PGlite', undefined]];
if (POSTGRES_URL) KINDS.push(['PostgreSQL', POSTGRES_URL]);

/** Collects messages; `next` resolves with the first one not yet taken, or rejects after `ms`. */
function inbox() {
  const messages: string[] = [];
  let taken = 0;
  let wake: (() => void) | null = null;
  return {
    messages,
    onMessage(message: string) {
      messages.push(message);
      wake?.();
    },
    async next(ms: number): Promise<string> {
      const deadline = Date.now() + ms;
      while (taken >= messages.length) {
        if (Date.now() >= deadline) throw new Error(`no message within ${ms} ms`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, deadline - Date.now());
        });
        wake = null;
      }
      return messages[taken++]!;
    },
  };
}

describe.each(KINDS)('notifications on %s', (_label, serverUrl) => {
  let target: TestDatabase;
  let other: Database;

  beforeAll(async () => {
    target = await createTestDatabase(serverUrl);
    other = target.url ? await openDatabase({ databaseUrl: target.url }) : target;
  });
  afterAll(async () => {
    if (other !== target) await other?.close();
    await target?.destroy();
  });

  it('delivers a notification sent through another handle, and one sent in a transaction only at commit', async () => {
    const received = inbox();
    const listener = await listenToChannel(target, 'data_changed', { onMessage: received.onMessage });
    try {
      expect(listener.isListening).toBe(true);
      const arrival = received.next(1_000);
      await notifyChannel(other.db, 'data_changed', 'v1');
      await expect(arrival).resolves.toBe('v1');

      await other.db.transaction(async (tx) => {
        await notifyChannel(tx as never, 'data_changed', 'v2');
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(received.messages).toEqual(['v1']);
      });
      await expect(received.next(1_000)).resolves.toBe('v2');
    } finally {
      await listener.stop();
    }
  });
});

describe.runIf(POSTGRES_URL)('a listener whose connection drops', () => {
  it('listens again once the server is back, and says so', async () => {
    const target = await createTestDatabase(POSTGRES_URL);
    const { hostname, port } = new URL(target.url!);
    const proxy = await startTcpProxy({ host: hostname, port: Number(port || 5432) });
    const listening = await openDatabase({ databaseUrl: proxy.urlFor(target.url!) });
    const received = inbox();
    let listenCount = 0;
    let relistened: () => void = () => {};
    const listener = await listenToChannel(listening, 'data_changed', {
      onMessage: received.onMessage,
      onListening: () => {
        listenCount++;
        relistened();
      },
    });
    try {
      expect(listenCount).toBe(1);
      await proxy.cut();
      await expect.poll(() => listener.isListening).toBe(false);
      const back = new Promise<void>((resolve) => (relistened = resolve));
      await proxy.restore();
      await back;
      expect(listener.isListening).toBe(true);
      expect(listenCount).toBe(2);
      const arrival = received.next(1_000);
      await notifyChannel(target.db, 'data_changed', 'after');
      await expect(arrival).resolves.toBe('after');
    } finally {
      await listener.stop();
      await listening.close();
      await proxy.close();
      await target.destroy();
    }
  });
});
