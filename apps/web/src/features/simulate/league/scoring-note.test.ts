import { describe, expect, it } from 'vitest';
import { unsupportedScoringNote } from './scoring-note';

describe('unsupportedScoringNote', () => {
  it('names each setting the league scores and we do not in words, never by its key', () => {
    expect(unsupportedScoringNote(['idp_tkl', 'pass_sack', 'def_2pt'])).toBe(
      'Not applied to our points: defender tackles, sacks taken, defensive two-point returns.',
    );
  });

  it("names ESPN's and Yahoo's stats by what they count, and one we cannot name by platform and number", () => {
    expect(unsupportedScoringNote(['espn_121', 'espn_125', 'yahoo_7', 'espn_9999'])).toBe(
      'Not applied to our points: defense: 18–21 points allowed, defense: 46+ points allowed, sacks taken, ESPN stat 9999.',
    );
  });

  it("names ESPN's one-point safety (stat 209, scored for team defenses) in words", () => {
    expect(unsupportedScoringNote(['espn_209'])).toBe(
      'Not applied to our points: defense: one-point safeties.',
    );
  });

  it('spells out keys no table names, ranges and all, and says each setting once', () => {
    const note = unsupportedScoringNote([
      'pts_allow_14_20',
      'yds_allow_550p',
      'bonus_rush_yd_150',
      'idp_pass_def_x',
    ]);
    expect(note).toBe(
      'Not applied to our points: defense: 14–20 points allowed, defense: 550+ yards allowed, 150+ rushing yard games, defender passing defense x.',
    );
    expect(unsupportedScoringNote(['pass_sack', 'yahoo_7'])).toBe('Not applied to our points: sacks taken.');
    expect(note).not.toMatch(/_/);
  });

  it('says nothing when every setting is applied', () => {
    expect(unsupportedScoringNote([])).toBeNull();
  });
});
