import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionUser, trpcData } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const PAGE_LOAD = { timeout: 5_000 };

const roster = (roster_id: number, owner_name: string) => ({
  roster_id,
  owner_name,
  players: { starters: [], bench: [], reserve: [], taxi: [] },
});

/** A week being played: Fan (1) plays Ron (2), Sue (3) plays Tom (4). */
const liveWeek = {
  platform: 'sleeper',
  league: {
    league_id: '111',
    name: 'Dynasty Dads',
    total_rosters: 4,
    season: '2026',
    status: 'in_season',
    roster_positions: [],
    scoring_settings: {},
    settings: {},
    avatar: null,
  },
  week: 11,
  is_week_complete: false,
  my_roster_id: 1,
  rosters: [roster(1, 'Fan'), roster(2, 'Ron'), roster(3, 'Sue'), roster(4, 'Tom')],
  matchups: [
    { matchup_id: 4, roster_id: 1, points: 0, players_points: {}, starters: [] },
    { matchup_id: 4, roster_id: 2, points: 0, players_points: {}, starters: [] },
    { matchup_id: 5, roster_id: 3, points: 0, players_points: {}, starters: [] },
    { matchup_id: 5, roster_id: 4, points: 0, players_points: {}, starters: [] },
  ],
  projections: {},
  app_player_ids: {},
  stats_points: {},
  games: [],
  live: { clock_source: 'scoreboard', scores_updated_at: null, paused_since: null },
  scoring_from: 'none',
  scoring_unsupported: [],
  data_as_of: '2026-11-20T12:00:00.000Z',
  is_stale: false,
  projections_freshness: null,
};

describe('the league page’s win-probability timeline', () => {
  it('follows the matchup the page shows, from the first shown team’s side', async () => {
    const server = fakeServer({
      'GET /trpc/auth.me': () => trpcData({ data: sessionUser() }),
      'GET /trpc/leagues.details': () => trpcData(liveWeek),
      'GET /trpc/leagues.timeline': ({ body }) =>
        trpcData({
          platform: 'sleeper',
          league_id: '111',
          season: 2026,
          week: 11,
          matchup_id: body?.matchup_id,
          roster_ids: body?.matchup_id === 5 ? [3, 4] : [1, 2],
          points: [],
        }),
    });
    renderApp('/simulate/fan/2026/111');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Win probability through the games' }, PAGE_LOAD);
    const askedFor = () => server.callsTo('leagues.timeline').map((call) => call.body?.matchup_id);
    await waitFor(() => expect(askedFor()).toEqual([4]));
    expect(await screen.findByText(/^Fan’s chance to win/)).toBeTruthy();

    // Sue against Ron do not play each other this week: no line to show
    await user.selectOptions(screen.getByLabelText('Your team'), '3');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Win probability through the games' })).toBeNull(),
    );
    // Sue against Tom: their game's line, from Sue's side
    await user.selectOptions(screen.getByLabelText('Opponent'), '4');
    expect(await screen.findByText(/^Sue’s chance to win/)).toBeTruthy();
    await waitFor(() => expect(askedFor()).toContain(5));
  });
});
