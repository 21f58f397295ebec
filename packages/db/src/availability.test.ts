import { afterEach, describe, expect, it } from 'vitest';
import {
  createAvailabilityGuard,
  DatabaseUnavailableError,
  type AvailabilityGuard,
  type AvailabilityGuardOptions,
} from './availability.js';

/** Short timings, so that each case runs in well under a second. */
const TIMINGS = { suspectAfterMs: 20, probeTimeoutMs: 50, recheckIntervalMs: 20, stalledAfterMs: 200 };
const never = () => new Promise<never>(() => {});
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the availability guard', () => {
  let guard: AvailabilityGuard | undefined;
  const changes: boolean[] = [];
  const open = (options: Partial<AvailabilityGuardOptions> = {}) => {
    changes.length = 0;
    guard = createAvailabilityGuard({
      probe: async () => {},
      onChange: (isAvailable) => changes.push(isAvailable),
      ...TIMINGS,
      ...options,
    });
    return guard;
  };
  afterEach(() => guard?.stop());

  it('fails a query that never answers while probes reach the server, after the stall limit, and keeps the server available', async () => {
    const started = performance.now();
    await expect(open().run(never)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(TIMINGS.stalledAfterMs);
    expect(performance.now() - started).toBeLessThan(TIMINGS.stalledAfterMs + 500);
    expect(guard!.isAvailable).toBe(true);
    expect(changes).toEqual([]);
  });

  it('fails a query that never answers as soon as a probe finds the server gone, and says so', async () => {
    const started = performance.now();
    await expect(open({ probe: never }).run(never)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(performance.now() - started).toBeLessThan(TIMINGS.stalledAfterMs);
    expect(guard!.isAvailable).toBe(false);
    expect(changes).toEqual([false]);
  });

  it('lets a slow query finish, and a transaction whose statements keep answering run past the stall limit', async () => {
    open();
    await expect(guard!.run(() => delay(TIMINGS.stalledAfterMs / 2).then(() => 'slow'))).resolves.toBe(
      'slow',
    );
    const transaction = guard!.run(async (markAnswered) => {
      for (let statement = 0; statement < 6; statement++) {
        await delay(TIMINGS.stalledAfterMs / 2);
        markAnswered();
      }
      return 'committed';
    });
    await expect(transaction).resolves.toBe('committed');
  });

  it('keeps the server available when one probe of a slow query times out and the next answers (a busy machine)', async () => {
    let probes = 0;
    open({ probe: () => (++probes === 1 ? never() : Promise.resolve()) });
    await expect(guard!.run(() => delay(TIMINGS.stalledAfterMs / 2).then(() => 'slow'))).resolves.toBe(
      'slow',
    );
    expect(probes).toBeGreaterThanOrEqual(2);
    expect(guard!.isAvailable).toBe(true);
    expect(changes).toEqual([]);
  });

  it('passes on an error the server answered with, and stays available', async () => {
    const refused = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(open().run(() => Promise.reject(refused))).rejects.toBe(refused);
    expect(guard!.isAvailable).toBe(true);
  });
});
