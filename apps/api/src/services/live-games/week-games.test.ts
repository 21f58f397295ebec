import { describe, expect, it } from 'vitest';
import type { ScoreboardGame } from '../../integrations/nfl-scoreboard/game-clock.js';
import { estimateGame, withFinalScore } from './week-games.js';

const closed = estimateGame(
  { season: 2025, week: 10, homeTeam: 'BUF', awayTeam: 'KC', isVenueKnown: false, kickoffAt: null },
  Date.parse('2025-11-20T12:00:00Z'),
  true,
);

const board = (overrides: Partial<ScoreboardGame>): ScoreboardGame => ({
  id: '1',
  homeTeam: 'BUF',
  awayTeam: 'KC',
  state: 'final',
  fractionRemaining: 0,
  period: 5,
  displayClock: null,
  description: 'Final/OT',
  homeScore: 27,
  awayScore: 24,
  kickoff: null,
  ...overrides,
});

describe("a closed week's game", () => {
  it('takes its final score and period from the scoreboard, either way round', () => {
    expect(withFinalScore(closed, [board({})])).toMatchObject({
      state: 'final',
      period: 5,
      description: 'Final/OT',
      home_score: 27,
      away_score: 24,
    });
    // paired from the stats, the schedule may have the teams the other way round
    expect(withFinalScore(closed, [board({ homeTeam: 'KC', awayTeam: 'BUF' })])).toMatchObject({
      home_score: 24,
      away_score: 27,
    });
  });

  it('stays final without a score when the scoreboard is unread, lists another game, or is not over', () => {
    const none = { state: 'final', home_score: null, away_score: null, period: null };
    expect(withFinalScore(closed, null)).toMatchObject(none);
    expect(withFinalScore(closed, [board({ homeTeam: 'MIA' })])).toMatchObject(none);
    expect(withFinalScore(closed, [board({ state: 'in' })])).toMatchObject(none);
  });
});
