import { describe, expect, it } from 'vitest';
import { isRuledOutStatus } from './ruled-out.js';

describe('isRuledOutStatus', () => {
  it('rules out Out, IR, suspension and inactive in any spelling case, and nothing else', () => {
    for (const status of ['Out', 'O', 'IR', 'sus', 'PUP-R', 'NA', 'Inactive'])
      expect(isRuledOutStatus(status)).toBe(true);
    for (const status of ['Questionable', 'Q', 'Doubtful', 'D', '', null, undefined])
      expect(isRuledOutStatus(status)).toBe(false);
  });
});
