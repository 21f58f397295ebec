import { describe, expect, it } from 'vitest';
import { formatPercentPair } from './format';

describe('formatPercentPair: the two sides of a matchup', () => {
  it('read p and 100 − p from one rounded figure (15.2 % and 84.8 %, not 84.9 %)', () => {
    expect(formatPercentPair(0.1515)).toEqual(['15.2%', '84.8%']);
  });

  it('add up to 100 % for every chance', () => {
    for (let step = 0; step <= 10_000; step += 1) {
      const [mine, theirs] = formatPercentPair(step / 10_000).map((text) => Number(text.replace('%', '')));
      expect(Math.round((mine! + theirs!) * 10)).toBe(1000);
    }
  });
});
