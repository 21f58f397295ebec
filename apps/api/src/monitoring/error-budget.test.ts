import { createPostgresEventStore, createTestDatabase, type TestDatabase } from '@fm/db';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMonitoring, ERROR_LOG_BURST } from './monitoring.js';

describe('error log budget', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('writes a burst of failures up to the budget and only counts the rest', async () => {
    const eventStore = createPostgresEventStore(database.db);
    const monitoring = createMonitoring({ database, eventStore, log: pino({ level: 'silent' }) });
    const failures = ERROR_LOG_BURST + 50;
    for (let i = 0; i < failures; i++) {
      monitoring.recordRequest({
        method: 'GET',
        url: `/api/nope/${i}`,
        statusCode: 404,
        durationMs: 1,
        errorCode: 'NOT_FOUND',
        errorMessage: 'No such path',
      });
    }
    await monitoring.stop();
    const logged = await eventStore.countErrors();
    expect(logged).toBeGreaterThanOrEqual(ERROR_LOG_BURST);
    expect(logged).toBeLessThan(failures);
    expect(monitoring.unloggedErrors).toBe(failures - logged);
    expect(monitoring.requests.snapshot(5).errors).toBe(failures);
  });
});
