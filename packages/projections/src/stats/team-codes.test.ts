import { describe, expect, it } from 'vitest';
import { isNflTeamCode, NFL_TEAM_CODES, normalizeTeamCode, TEAM_CODE_ALIASES } from './team-codes.js';

describe('NFL team codes', () => {
  it('names the 32 teams once', () => {
    expect(NFL_TEAM_CODES).toHaveLength(32);
    expect(new Set(NFL_TEAM_CODES).size).toBe(32);
  });

  it('reads every older or alternative spelling as a current team', () => {
    expect(normalizeTeamCode(' la ')).toBe('LAR');
    expect(normalizeTeamCode('STL')).toBe('LAR');
    expect(normalizeTeamCode('SD')).toBe('LAC');
    expect(normalizeTeamCode('OAK')).toBe('LV');
    expect(normalizeTeamCode('jac')).toBe('JAX');
    expect(normalizeTeamCode('WSH')).toBe('WAS');
    for (const code of Object.values(TEAM_CODE_ALIASES)) expect(isNflTeamCode(code)).toBe(true);
    expect(normalizeTeamCode('KC')).toBe('KC');
  });
});
