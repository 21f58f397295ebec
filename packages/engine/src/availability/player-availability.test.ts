import { describe, expect, it } from 'vitest';
import { availabilityOf, isOutStatus, matchesAvailabilityFilter, statusTag } from './player-availability.js';

describe('player availability', () => {
  it('tags Sleeper and Yahoo spellings the way fantasy apps show them', () => {
    expect(
      ['Questionable', 'Q', 'Doubtful', 'Out', 'O', 'IR', 'Sus', 'SUSP', 'PUP-R'].map(statusTag),
    ).toEqual(['Q', 'Q', 'D', 'O', 'O', 'IR', 'Sus', 'Sus', 'PUP']);
    expect(statusTag(null)).toBeNull();
    expect(statusTag('  ')).toBeNull();
  });

  it('rules out O, IR, suspensions and the PUP list but not questionable or doubtful players', () => {
    expect(['Out', 'ir', 'Sus', 'PUP-P', 'NA'].every(isOutStatus)).toBe(true);
    expect(['Questionable', 'Doubtful', 'D', null, ''].some(isOutStatus)).toBe(false);
  });

  it('says why a player projects 0: his status, or his bye week before any injury', () => {
    expect(availabilityOf('IR')).toEqual({ tag: 'IR', isOut: true, reason: 'On injured reserve' });
    expect(availabilityOf('Questionable')).toEqual({ tag: 'Q', isOut: false, reason: 'Questionable' });
    expect(availabilityOf('Questionable', { isOnBye: true })).toEqual({
      tag: 'BYE',
      isOut: true,
      reason: 'Bye week',
    });
    expect(availabilityOf(null)).toEqual({ tag: null, isOut: false, reason: null });
  });

  it('filters healthy, questionable (Q and D) and out players', () => {
    const [healthy, q, d, out, bye] = [null, 'Q', 'Doubtful', 'Out', null].map((status, i) =>
      availabilityOf(status, { isOnBye: i === 4 }),
    );
    const pick = (filter: 'all' | 'healthy' | 'questionable' | 'out') =>
      [healthy, q, d, out, bye].map((a) => matchesAvailabilityFilter(a!, filter));
    expect(pick('all')).toEqual([true, true, true, true, true]);
    expect(pick('healthy')).toEqual([true, false, false, false, false]);
    expect(pick('questionable')).toEqual([false, true, true, false, false]);
    expect(pick('out')).toEqual([false, false, false, true, true]);
  });
});
