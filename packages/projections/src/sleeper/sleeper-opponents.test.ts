import { describe, expect, it } from 'vitest';
import { readSleeperFixture, type SleeperWeekAnswer } from '../testing/sleeper-fixtures.js';
import { opponentsFromSleeperStats } from './sleeper-opponents.js';

const stats = readSleeperFixture<SleeperWeekAnswer>('stats_nfl_regular_2024_week1.json');

describe('opponentsFromSleeperStats on the recorded 2024 week 1', () => {
  const opponents = opponentsFromSleeperStats(stats);

  it('pairs all 32 teams into the 16 games that were played', () => {
    expect(opponents.size).toBe(32);
    for (const [team, opponent] of opponents) expect(opponents.get(opponent)).toBe(team);
    // the opener (Ravens at Chiefs) and the São Paulo game (Packers v Eagles)
    expect(opponents.get('KC')).toBe('BAL');
    expect(opponents.get('GB')).toBe('PHI');
  });

  it('leaves out a team whose offense row is missing', () => {
    const withoutChiefsOffense = Object.fromEntries(Object.entries(stats).filter(([id]) => id !== 'TEAM_KC'));
    const paired = opponentsFromSleeperStats(withoutChiefsOffense);
    expect(paired.has('KC')).toBe(false);
    expect(paired.has('BAL')).toBe(false);
    expect(paired.get('GB')).toBe('PHI');
  });
});
