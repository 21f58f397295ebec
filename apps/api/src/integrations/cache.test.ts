import { beforeEach, describe, expect, it } from 'vitest';
import { cacheHitRate, sumLookups, TtlCache } from './cache.js';

describe('TtlCache', () => {
  let now: number;
  const clock = () => now;

  beforeEach(() => {
    now = 1_000;
  });

  it('answers a value until its time to live has passed, counting hits and misses', () => {
    const cache = new TtlCache<string>({ now: clock });
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'alpha', 500);
    expect(cache.get('a')).toBe('alpha');
    now += 499;
    expect(cache.get('a')).toBe('alpha');
    now += 2;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.lookups).toEqual({ hits: 2, misses: 2 });
    expect(cacheHitRate(cache.lookups)).toBe(50);
  });

  it('counts its own lookups: another cache in the same process does not change them', () => {
    const pages = new TtlCache<string>({ now: clock });
    const players = new TtlCache<string>({ now: clock });
    pages.set('a', 'alpha', 500);
    pages.get('a');
    pages.get('b');
    players.get('x');
    players.get('y');
    players.get('z');
    expect(pages.lookups).toEqual({ hits: 1, misses: 1 });
    expect(players.lookups).toEqual({ hits: 0, misses: 3 });
    const together = sumLookups([pages, players]);
    expect(together).toEqual({ hits: 1, misses: 4 });
    expect(cacheHitRate(together)).toBe(20);
    expect(cacheHitRate(new TtlCache().lookups)).toBe(0);
  });

  it('drops the oldest entries beyond its size limit', () => {
    const cache = new TtlCache<number>({ now: clock, maxEntries: 2 });
    cache.set('a', 1, 1_000);
    cache.set('b', 2, 1_000);
    cache.set('c', 3, 1_000);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(3);
  });

  it('drops the least recently used entry first', () => {
    const cache = new TtlCache<number>({ now: clock, maxEntries: 2 });
    cache.set('a', 1, 1_000);
    cache.set('b', 2, 1_000);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3, 1_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
  });

  it('loads again once a loaded value has expired', async () => {
    const cache = new TtlCache<number>({ now: clock });
    let loads = 0;
    const load = async () => ++loads;
    await expect(cache.getOrLoad('k', 100, load)).resolves.toBe(1);
    now += 50;
    await expect(cache.getOrLoad('k', 100, load)).resolves.toBe(1);
    now += 51;
    await expect(cache.getOrLoad('k', 100, load)).resolves.toBe(2);
    expect(cache.lookups).toEqual({ hits: 1, misses: 2 });
  });

  it('shares one load between concurrent callers and does not keep failures', async () => {
    const cache = new TtlCache<number>({ now: clock });
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 42;
    };
    const results = await Promise.all([cache.getOrLoad('k', 100, load), cache.getOrLoad('k', 100, load)]);
    expect(results).toEqual([42, 42]);
    expect(loads).toBe(1);
    await expect(cache.getOrLoad('bad', 100, () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    await expect(cache.getOrLoad('bad', 100, async () => 7)).resolves.toBe(7);
  });

  it('clears its loaded values while a load under way still answers its callers', async () => {
    const cache = new TtlCache<number>({ now: clock });
    cache.set('done', 1, 100);
    let finish: (value: number) => void = () => undefined;
    const pending = cache.getOrLoad('slow', 100, () => new Promise<number>((resolve) => (finish = resolve)));
    cache.clear();
    expect(cache.get('done')).toBeUndefined();
    finish(42);
    await expect(pending).resolves.toBe(42);
    await expect(cache.getOrLoad('done', 100, async () => 2)).resolves.toBe(2);
  });

  it('serves a stale value at once while one background load replaces it, keeping it when that load fails', async () => {
    const cache = new TtlCache<string>({ now: clock });
    const ages = { freshMs: 100, servableMs: 1_000 };
    let loads = 0;
    let answer: () => Promise<string> = async () => `v${++loads}`;
    const read = () => cache.getOrRevalidate('k', ages, () => answer());
    await expect(read()).resolves.toEqual({ value: 'v1', ageMs: 0 });
    now += 50;
    await expect(read()).resolves.toEqual({ value: 'v1', ageMs: 50 });
    expect(loads).toBe(1);
    now += 100;
    // stale: answered at once, and two reads start one load between them
    await expect(read()).resolves.toEqual({ value: 'v1', ageMs: 150 });
    await read();
    await cache.settled();
    expect(loads).toBe(2);
    await expect(read()).resolves.toEqual({ value: 'v2', ageMs: 0 });
    now += 200;
    answer = async () => {
      throw new Error('upstream down');
    };
    await expect(read()).resolves.toEqual({ value: 'v2', ageMs: 200 });
    await cache.settled();
    await expect(read()).resolves.toMatchObject({ value: 'v2' });
    // past the servable age nothing old is answered
    now += 1_000;
    await expect(read()).rejects.toThrow('upstream down');
  });
});
