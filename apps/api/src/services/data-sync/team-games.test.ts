import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fakes/fixtures.js';
import type { SleeperWeekAnswer } from '../../integrations/sleeper/season-feed.js';
import { byeWeeks, gamesByTeam, type NflGame, opponentLabel } from '../live-games/nfl-schedule.js';
import { gamesFromTeamStats } from './team-games.js';

const game = (week: number, homeTeam: string, awayTeam: string): NflGame => ({
  season: 2026,
  week,
  homeTeam,
  awayTeam,
  isVenueKnown: true,
  kickoffAt: null,
});

/** 32 teams; `off` sit the week out, the rest pair up in order. */
function fullWeek(week: number, off: string[] = []): NflGame[] {
  const teams = Array.from({ length: 32 }, (_, i) => `T${String(i).padStart(2, '0')}`).filter(
    (team) => !off.includes(team),
  );
  const games: NflGame[] = [];
  for (let i = 0; i + 1 < teams.length; i += 2) games.push(game(week, teams[i]!, teams[i + 1]!));
  return games;
}

describe('the schedule the sync keeps', () => {
  it("names each team's bye from the weeks whose games are all known", () => {
    const byes = byeWeeks([...fullWeek(5), ...fullWeek(6, ['T03', 'T10']), ...fullWeek(7, ['T20', 'T21'])]);
    expect(Object.fromEntries(byes)).toEqual({ T03: 6, T10: 6, T20: 7, T21: 7 });
  });

  it('does not call a team off in a week only partly known', () => {
    const partial = [game(8, 'T00', 'T01'), game(8, 'T02', 'T03')];
    expect(byeWeeks([...fullWeek(5), ...partial]).size).toBe(0);
  });

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
