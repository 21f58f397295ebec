import { describe, expect, it } from 'vitest';
import { isOutStatus } from './player-availability.js';

describe('isOutStatus', () => {
  it('rules out Out, IR, suspension and inactive in any spelling case, and nothing else', () => {
    for (const status of ['Out', 'O', 'IR', 'sus', 'PUP-R', 'NA', 'Inactive'])
      expect(isOutStatus(status)).toBe(true);
    for (const status of ['Questionable', 'Q', 'Doubtful', 'D', '', null, undefined])
      expect(isOutStatus(status)).toBe(false);
  });
});
