import { describe, expect, it } from 'vitest';
import type { LeagueDetails } from '../shared/league-details';
import {
  isClockEstimated,
  livePausedText,
  shownMatchupId,
  type MatchupTimeline,
  timelineFromSide,
} from './match-timeline';

const timeline: MatchupTimeline = {
  platform: 'sleeper',
  league_id: 'L1',
  season: 2025,
  week: 1,
  matchup_id: 2,
  roster_ids: [1, 3],
  points: [
    { recorded_at: '2025-09-07T17:00:00Z', game_time_elapsed: 0, win_probability: 0.4, points: [0, 0] },
    { recorded_at: '2025-09-07T18:40:00Z', game_time_elapsed: 0.5, win_probability: 0.75, points: [60, 41] },
  ],
};

const details = (overrides: Partial<LeagueDetails>) =>
  ({
    my_roster_id: 3,
    matchups: [
      { matchup_id: 1, roster_id: 2, points: 0, players_points: {}, starters: [] },
      { matchup_id: 2, roster_id: 3, points: 0, players_points: {}, starters: [] },
    ],
    games: [],
    live: { clock_source: 'scoreboard', scores_updated_at: null, paused_since: null },
    ...overrides,
  }) as unknown as LeagueDetails;

describe('the win-probability timeline on the league page', () => {
  it('follows the matchup shown and shows the line from the first shown side', () => {
    const league = details({
      matchups: [
        { matchup_id: 1, roster_id: 2, points: 0, players_points: {}, starters: [] },
        { matchup_id: 2, roster_id: 3, points: 0, players_points: {}, starters: [] },
        { matchup_id: 1, roster_id: 4, points: 0, players_points: {}, starters: [] },
        { matchup_id: 2, roster_id: 1, points: 0, players_points: {}, starters: [] },
      ] as LeagueDetails['matchups'],
    });
    expect(shownMatchupId(league, { userRosterId: 3, opponentRosterId: 1 })).toBe(2);
    // another game of the week picked on the page: its timeline, not mine
    expect(shownMatchupId(league, { userRosterId: 2, opponentRosterId: 4 })).toBe(1);
    // two teams that do not play each other this week have no recorded line
    expect(shownMatchupId(league, { userRosterId: 3, opponentRosterId: 4 })).toBeNull();
    const mine = timelineFromSide(timeline, 3);
    expect(mine.map((point) => point.probability)).toEqual([0.6, 0.25]);
    expect(mine.map((point) => point.elapsed)).toEqual([0, 0.5]);
    expect(timelineFromSide(timeline, 1).map((point) => point.probability)).toEqual([0.4, 0.75]);
  });

  it('says when live scores are paused and when clocks are estimated', () => {
    expect(livePausedText(details({}))).toBeNull();
    const paused = livePausedText(
      details({
        live: { clock_source: 'scoreboard', scores_updated_at: null, paused_since: '2025-09-07T18:35:00Z' },
      }),
    );
    expect(paused).toMatch(/^Live scores paused since \d{1,2}:35 [AP]M/);
    const game = { home_team: 'GB', away_team: 'DET', state: 'in', clock_source: 'estimated' };
    expect(isClockEstimated(details({ games: [game] as LeagueDetails['games'] }))).toBe(true);
    expect(
      isClockEstimated(details({ games: [{ ...game, state: 'final' }] as LeagueDetails['games'] })),
    ).toBe(false);
  });
});
