import {
  createPostgresEventStore,
  createTestDatabase,
  DatabaseUnavailableError,
  openDatabase,
  startTcpProxy,
  type Database,
  type EventStore,
  type NewErrorEvent,
  type TcpProxy,
  type TestDatabase,
} from '@fm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, TEST_POSTGRES_URL } from '../../test/harness.js';
import { createBufferedWriter } from './buffered-writer.js';

/** A logger that keeps its lines, so tests can read what was reported. */
function recordingLog() {
  const lines: { level: string; message: string; details: object }[] = [];
  const at = (level: string) => (details: object, message: string) => lines.push({ level, message, details });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

const errorEvent = (message: string): NewErrorEvent => ({
  category: 'SERVER_ERROR',
  statusCode: 500,
  message,
  endpoint: 'GET /api/x',
  method: 'GET',
  createdAt: new Date(),
});

async function storedMessages(store: EventStore): Promise<string[]> {
  return (await store.recentErrors(1_000)).map((error) => error.message).sort();
}

describe.each(DATABASE_KINDS)('the buffered writer on %s', (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await createTestDatabase(kind === 'postgres' ? TEST_POSTGRES_URL : undefined);
    store = createPostgresEventStore(database.db);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('keeps every good entry of a batch the store refuses, dropping and logging only the bad one', async () => {
    const log = recordingLog();
    const writer = createBufferedWriter<NewErrorEvent>({
      write: (batch) => store.recordErrors(batch),
      log,
      label: 'error log',
    });
    const messages = ['one', 'two', 'bad \u0000 byte', 'three', 'four', 'five'];
    for (const message of messages) writer.push(errorEvent(message));
    await writer.flush();

    expect(await storedMessages(store)).toEqual(['five', 'four', 'one', 'three', 'two']);
    expect(writer.dropped).toBe(1);
    expect(writer.pending).toBe(0);
    const refused = log.lines.filter((line) => line.level === 'error');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.message).toBe('error log: the store refused one entry; it was dropped');
  });

  it('answers a waiting caller once its entry is committed, or with the refusal for a bad one', async () => {
    const writer = createBufferedWriter<NewErrorEvent>({
      write: (batch) => store.recordErrors(batch),
      log: recordingLog(),
      label: 'error log',
      intervalMs: 0,
    });
    const good = writer.pushAndWait(errorEvent('waited for'));
    const bad = writer.pushAndWait(errorEvent('waited \u0000 bad'));
    await expect(good).resolves.toBeUndefined();
    await expect(bad).rejects.toThrow();
    expect(await storedMessages(store)).toContain('waited for');
  });
});

describe.runIf(TEST_POSTGRES_URL)('the buffered writer while PostgreSQL is unreachable', () => {
  let target: TestDatabase;
  let proxy: TcpProxy;
  let database: Database;
  let store: EventStore;
  beforeAll(async () => {
    target = await createTestDatabase(TEST_POSTGRES_URL);
    const { hostname, port } = new URL(target.url!);
    proxy = await startTcpProxy({ host: hostname, port: Number(port || 5432) });
    database = await openDatabase({ databaseUrl: proxy.urlFor(target.url!) });
    store = createPostgresEventStore(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await proxy?.close();
    await target?.destroy();
  });

  it('keeps the entries, tells a waiting caller at once, and writes everything once the server is back', async () => {
    const log = recordingLog();
    const writer = createBufferedWriter<NewErrorEvent>({
      write: (batch) => store.recordErrors(batch),
      log,
      label: 'error log',
      retryIntervalMs: 200,
    });
    await proxy.cut();
    for (let i = 0; i < 5; i++) writer.push(errorEvent(`during outage ${i}`));
    await writer.flush();
    expect(writer.pending).toBe(5);

    const started = performance.now();
    await expect(writer.pushAndWait(errorEvent('waited during outage'))).rejects.toBeInstanceOf(
      DatabaseUnavailableError,
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(writer.pending).toBe(6);
    expect(log.lines.filter((line) => line.level === 'warn')).toHaveLength(1);

    await proxy.restore();
    await expect.poll(() => writer.pending, { timeout: 10_000 }).toBe(0);
    const stored = createPostgresEventStore(target.db);
    expect(await storedMessages(stored)).toEqual([
      'during outage 0',
      'during outage 1',
      'during outage 2',
      'during outage 3',
      'during outage 4',
      'waited during outage',
    ]);
    expect(writer.dropped).toBe(0);
    expect(log.lines.at(-1)?.message).toBe(
      'error log: the store is reachable again; waiting entries are being written',
    );
  });

  it('keeps at most maxPending entries during an outage, dropping the oldest', async () => {
    const writer = createBufferedWriter<NewErrorEvent>({
      write: (batch) => store.recordErrors(batch),
      log: recordingLog(),
      label: 'error log',
      maxPending: 3,
      batchSize: 2,
    });
    await proxy.cut();
    try {
      for (let i = 0; i < 5; i++) writer.push(errorEvent(`bounded ${i}`));
      await writer.flush();
      expect(writer.pending).toBe(3);
      expect(writer.dropped).toBe(2);
    } finally {
      await proxy.restore();
    }
    await expect.poll(() => writer.pending, { timeout: 10_000 }).toBe(0);
    const bounded = (await storedMessages(createPostgresEventStore(target.db))).filter((m) =>
      m.startsWith('bounded'),
    );
    expect(bounded).toEqual(['bounded 2', 'bounded 3', 'bounded 4']);
  });
});
