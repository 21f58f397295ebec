import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fakes/fixtures.js';
import type { SleeperWeekAnswer } from '../../integrations/sleeper/season-feed.js';
import { gamesByTeam, opponentLabel } from '../live-games/nfl-schedule.js';
import { gamesFromTeamStats } from './team-games.js';

describe('the schedule the sync keeps', () => {
  it('pairs the 16 games of a played week from the recorded team stats, venue unknown', () => {
    const recorded = readFixture('sleeper/stats_nfl_regular_2024_week1.json') as Record<
      string,
      Record<string, number>
    >;
    const answer: SleeperWeekAnswer = new Map(Object.entries(recorded).map(([id, stats]) => [id, { stats }]));
    const games = gamesFromTeamStats(2024, 1, answer);
    expect(games).toHaveLength(16);
    const byTeam = gamesByTeam(games);
    expect(byTeam.get('KC')?.opponent).toBe('BAL');
    expect(byTeam.get('BAL')?.opponent).toBe('KC');
    // venue unknown: the opponent is named without claiming an away game
    expect(opponentLabel(byTeam.get('KC'))).toBe('BAL');
    expect(opponentLabel(byTeam.get('BAL'))).toBe('KC');
  });
});
