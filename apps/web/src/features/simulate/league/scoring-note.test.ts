import { describe, expect, it } from 'vitest';
import { unsupportedScoringNote } from './scoring-note';

describe('unsupportedScoringNote', () => {
  it('names each setting the league scores and we do not, by name and key', () => {
    expect(unsupportedScoringNote(['idp_tkl', 'pass_sack'])).toBe(
      'Not applied to our points: idp_tkl, sacks taken (pass_sack).',
    );
  });

  it('says nothing when every setting is applied', () => {
    expect(unsupportedScoringNote([])).toBeNull();
  });
});
