import { createTestDatabase, type TestDatabase } from '@fm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheHitRate, sumLookups } from '../../integrations/cache.js';
import { createDataCache } from './data-cache.js';
import { createDataVersion } from './data-version.js';

describe('a data cache', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('is held per server: two servers of one process load, keep and count their own entries', async () => {
    const weekBoard = createDataCache<string>();
    const first = { dataVersion: createDataVersion(database) };
    const second = { dataVersion: createDataVersion(database) };
    const loads: string[] = [];
    const load = (server: string) => async () => {
      loads.push(server);
      return `board of ${server}`;
    };

    expect(await weekBoard(first, '2025:10', load('first'))).toBe('board of first');
    expect(await weekBoard(first, '2025:10', load('first'))).toBe('board of first');
    expect(await weekBoard(second, '2025:10', load('second'))).toBe('board of second');
    expect(loads).toEqual(['first', 'second']);

    const firstLookups = sumLookups(first.dataVersion.caches.all);
    expect(firstLookups).toEqual({ hits: 1, misses: 1 });
    expect(cacheHitRate(firstLookups)).toBe(50);
    expect(sumLookups(second.dataVersion.caches.all)).toEqual({ hits: 0, misses: 1 });
  });

  it('loads again once the data changed', async () => {
    const seasonStats = createDataCache<number>();
    const deps = { dataVersion: createDataVersion(database) };
    let loads = 0;
    const load = async () => ++loads;
    expect(await seasonStats(deps, '2025', load)).toBe(1);
    await deps.dataVersion.bump();
    expect(await seasonStats(deps, '2025', load)).toBe(2);
    expect(await seasonStats(deps, '2025', load)).toBe(2);
  });
});
