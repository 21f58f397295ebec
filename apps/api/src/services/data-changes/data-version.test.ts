import { createTestDatabase, type TestDatabase } from '@fm/db';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, TEST_POSTGRES_URL } from '../../../test/harness.js';
import { openDataChangeChannel } from './data-change-channel.js';
import {
  createDataVersion,
  DATA_VERSION_RECHECK_MS,
  DATA_VERSION_TRUSTED_MS,
  type DataChangeAnnouncer,
} from './data-version.js';

const log = pino({ level: 'silent' });

/** Resolves once `read` answers `expected` (an announcement arrives asynchronously), or fails after a second. */
async function readUntil(read: () => Promise<string>, expected: string): Promise<string> {
  const deadline = performance.now() + 1_000;
  let seen = await read();
  while (seen !== expected && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    seen = await read();
  }
  return seen;
}

/** Each DataVersion stands for one process: two over one database behave as two processes sharing it. */
describe.each(DATABASE_KINDS)('the data version of two processes on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind === 'postgres' ? TEST_POSTGRES_URL : undefined);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('shows a change made by the other within the recheck window when no announcements are heard', async () => {
    const reader = createDataVersion(database);
    const writer = createDataVersion(database);
    const start = Date.now();
    const before = await reader.read(start);

    const bumped = await writer.bump();
    expect(bumped).not.toBe(before);
    expect(await writer.read()).toBe(bumped);
    // the reader trusts what it read for a while
    expect(await reader.read(start + DATA_VERSION_RECHECK_MS - 1)).toBe(before);
    expect(await reader.read(start + DATA_VERSION_RECHECK_MS)).toBe(bumped);
  });

  it('trusts its version longer while it hears announcements, and drops it when one arrives', async () => {
    const listening: DataChangeAnnouncer = { isListening: true, announce: async () => {} };
    const reader = createDataVersion(database);
    reader.announceThrough(listening);
    const writer = createDataVersion(database);
    const start = Date.now();
    const before = await reader.read(start);

    const bumped = await writer.bump();
    expect(await reader.read(start + DATA_VERSION_RECHECK_MS)).toBe(before);
    expect(await reader.read(start + DATA_VERSION_TRUSTED_MS)).toBe(bumped);

    const again = await writer.bump();
    reader.forget(); // what hearing the announcement does
    expect(await reader.read(start + DATA_VERSION_TRUSTED_MS + 1)).toBe(again);
  });

  it('announces its changes through the announcer it was given, and by NOTIFY once that is detached', async () => {
    const announced: string[] = [];
    const writer = createDataVersion(database);
    writer.announceThrough({ isListening: true, announce: async (version) => void announced.push(version) });
    const first = await writer.bump();
    expect(announced).toEqual([first]);

    const reader = createDataVersion(database);
    const channel = await openDataChangeChannel({
      config: { databaseUrl: kind === 'postgres' ? database.url : undefined, dataDir: '/unused' },
      database,
      dataVersion: reader,
      log,
    });
    try {
      const start = Date.now();
      expect(await reader.read(start)).toBe(first);
      writer.announceThrough(null);
      const second = await writer.bump();
      expect(announced).toEqual([first]);
      // the reader's channel heard the NOTIFY: it reads the new version long before its trust ran out
      expect(await readUntil(() => reader.read(start + 1), second)).toBe(second);
    } finally {
      await channel.close();
    }
  });

  it('hears the other process through its data-change channel at once', async () => {
    const [reader, writer] = [createDataVersion(database), createDataVersion(database)];
    const config = { databaseUrl: kind === 'postgres' ? database.url : undefined, dataDir: '/unused' };
    const channels = await Promise.all([
      openDataChangeChannel({ config, database, dataVersion: reader, log }),
      openDataChangeChannel({ config, database, dataVersion: writer, log }),
    ]);
    try {
      const start = Date.now();
      const before = await reader.read(start);
      const bumped = await writer.bump();
      expect(bumped).not.toBe(before);
      expect(await readUntil(() => reader.read(start + 1), bumped)).toBe(bumped);
    } finally {
      await Promise.all(channels.map((channel) => channel.close()));
    }
  });
});
