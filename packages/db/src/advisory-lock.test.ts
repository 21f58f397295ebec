import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdvisoryLock } from './advisory-lock.js';
import { openDatabase, type Database } from './client.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

const POSTGRES_URL = process.env.DATABASE_URL || undefined;
const KINDS: [string, string | undefined][] = [['PGlite', undefined]];
if (POSTGRES_URL) KINDS.push(['PostgreSQL', POSTGRES_URL]);

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe.each(KINDS)('withAdvisoryLock on %s', (_label, serverUrl) => {
  let target: TestDatabase;
  /** Two handles on one database, as two processes would have (PGlite: one process, one handle). */
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    target = await createTestDatabase(serverUrl);
    first = target;
    second = target.url ? await openDatabase({ databaseUrl: target.url }) : target;
  });
  afterAll(async () => {
    if (second !== target) await second?.close();
    await target?.destroy();
  });

  it('lets one holder in at a time: a second caller is told "not acquired" at once', async () => {
    const release = deferred();
    const entered = deferred();
    const holding = withAdvisoryLock(first, 'import', async () => {
      entered.resolve();
      await release.promise;
      return 'done';
    });
    await entered.promise;
    await expect(withAdvisoryLock(second, 'import', async () => 'also')).resolves.toEqual({
      acquired: false,
    });
    // another name is another lock
    await expect(withAdvisoryLock(second, 'sync', async () => 'sync')).resolves.toEqual({
      acquired: true,
      value: 'sync',
    });
    release.resolve();
    await expect(holding).resolves.toEqual({ acquired: true, value: 'done' });
    await expect(withAdvisoryLock(second, 'import', async () => 'after')).resolves.toEqual({
      acquired: true,
      value: 'after',
    });
  });

  it('with wait, runs the second caller after the first, never both at once', async () => {
    const order: string[] = [];
    const release = deferred();
    const entered = deferred();
    const a = withAdvisoryLock(
      first,
      'serial',
      async () => {
        order.push('a starts');
        entered.resolve();
        await release.promise;
        order.push('a ends');
      },
      { wait: true },
    );
    await entered.promise;
    const b = withAdvisoryLock(
      second,
      'serial',
      async () => {
        order.push('b starts');
      },
      { wait: true },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(order).toEqual(['a starts']);
    release.resolve();
    await Promise.all([a, b]);
    expect(order).toEqual(['a starts', 'a ends', 'b starts']);
  });

  it('releases the lock when the task throws, and stops waiting when aborted', async () => {
    await expect(
      withAdvisoryLock(first, 'failing', async () => {
        throw new Error('task failed');
      }),
    ).rejects.toThrow('task failed');
    await expect(withAdvisoryLock(second, 'failing', async () => 1)).resolves.toEqual({
      acquired: true,
      value: 1,
    });

    const release = deferred();
    const entered = deferred();
    const holding = withAdvisoryLock(first, 'aborted', async () => {
      entered.resolve();
      await release.promise;
    });
    await entered.promise;
    const controller = new AbortController();
    const waiting = withAdvisoryLock(second, 'aborted', async () => 'never', {
      wait: true,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('shutting down')), 100);
    await expect(waiting).rejects.toThrow('shutting down');
    release.resolve();
    await holding;
    await expect(withAdvisoryLock(second, 'aborted', async () => 2)).resolves.toEqual({
      acquired: true,
      value: 2,
    });
  });
});
