import { describe, expect, it } from 'vitest';
import { parseEspnLeagueInput } from './espn-link.js';

describe('parseEspnLeagueInput', () => {
  it('takes a bare id or the address of any page of the league, with its season when given', () => {
    expect(parseEspnLeagueInput(' 31415926 ')).toEqual({ leagueId: '31415926' });
    expect(
      parseEspnLeagueInput('https://fantasy.espn.com/football/league?leagueId=31415926&seasonId=2023'),
    ).toEqual({ leagueId: '31415926', season: 2023 });
    expect(parseEspnLeagueInput('https://fantasy.espn.com/football/team?leagueId=31415926&teamId=4')).toEqual(
      { leagueId: '31415926' },
    );
  });

  it('says which sport a pasted address is for, and refuses what is not an ESPN league', () => {
    expect(() => parseEspnLeagueInput('https://fantasy.espn.com/basketball/league?leagueId=12')).toThrow(
      expect.objectContaining({ code: 'ESPN_NOT_FOOTBALL' }),
    );
    for (const input of [
      '',
      'my league',
      'https://example.com/football/league?leagueId=1',
      'https://fantasy.espn.com/football/league',
    ]) {
      expect(() => parseEspnLeagueInput(input)).toThrow(
        expect.objectContaining({ code: 'VALIDATION_ERROR', details: { field: 'leagueId' } }),
      );
    }
  });
});
