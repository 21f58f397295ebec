import { describe, expect, it } from 'vitest';
import { memoByIdentity } from './memo-by-identity.js';

describe('memoByIdentity', () => {
  it('makes a value once per key object, another for an equal but distinct object', () => {
    const made: string[] = [];
    const labelOf = memoByIdentity((key: { name: string }) => {
      made.push(key.name);
      return { label: key.name.toUpperCase() };
    });
    const first = { name: 'db' };
    const twin = { name: 'db' };
    expect(labelOf(first)).toBe(labelOf(first));
    expect(labelOf(twin)).not.toBe(labelOf(first));
    expect(labelOf(twin)).toEqual({ label: 'DB' });
    expect(made).toEqual(['db', 'db']);
  });

  it('keeps a value that is falsy without making it again', () => {
    let calls = 0;
    const zeroOf = memoByIdentity((_key: object) => {
      calls++;
      return 0;
    });
    const key = {};
    expect([zeroOf(key), zeroOf(key)]).toEqual([0, 0]);
    expect(calls).toBe(1);
  });
});
