import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionUser, trpcData, trpcError, type FakeAnswer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const PAGE_LOAD = { timeout: 5_000 };

const league = (league_id: string, name: string, season = '2026') => ({
  league_id,
  name,
  total_rosters: 2,
  season,
  status: 'in_season',
  avatar: null,
  platform: 'sleeper',
  username: 'fan',
});

const starter = (player_id: string) => ({
  player_id,
  name: `Player ${player_id}`,
  position: 'WR',
  team: 'KC',
  game_state: 'final',
  points: null,
  fraction_remaining: 0,
});

const roster = (roster_id: number, owner_name: string, starters: string[] = []) => ({
  roster_id,
  owner_name,
  players: { starters: starters.map(starter), bench: [], reserve: [], taxi: [] },
});

function finishedWeek() {
  return {
    platform: 'sleeper',
    league: league('111', 'Dynasty Dads'),
    week: 11,
    is_week_complete: true,
    my_roster_id: 1,
    rosters: [roster(1, 'fan', ['a1', 'a2']), roster(2, 'Rival Ron', ['b1', 'b2'])],
    matchups: [
      {
        matchup_id: 4,
        roster_id: 1,
        points: 121.4,
        players_points: { a1: 100, a2: 21.4 },
        starters: ['a1', 'a2'],
      },
      {
        matchup_id: 4,
        roster_id: 2,
        points: 98.2,
        players_points: { b1: 90, b2: 8.2 },
        starters: ['b1', 'b2'],
      },
    ],
    projections: {},
    app_player_ids: {},
    stats_points: {},
    games: [],
  };
}

function serve(details: (leagueId: string) => FakeAnswer) {
  return fakeServer({
    'GET /trpc/auth.me': () => trpcData({ data: sessionUser() }),
    'GET /trpc/leagues.list': ({ body: input }) =>
      trpcData({
        season: String(input?.season ?? 2026),
        errors: [],
        data: {
          sleeper:
            input?.season === 2024
              ? [league('900', 'Old Keeper League', '2024')]
              : [league('111', 'Dynasty Dads'), league('222', 'Office League')],
          yahoo: [],
          espn: [],
        },
      }),
    'GET /trpc/leagues.details': ({ body: input }) => details(String(input?.leagueId)),
  });
}

describe('the signed-in home: this week per league, and earlier seasons', () => {
  it("shows each league's opponent and result, and a failed league says so on its own card", async () => {
    serve((leagueId) =>
      leagueId === '111'
        ? trpcData(finishedWeek())
        : trpcError(502, 'UPSTREAM_ERROR', 'Sleeper did not answer'),
    );
    renderApp('/');
    const dads = (await screen.findByText('Dynasty Dads', {}, PAGE_LOAD)).closest('li')!;
    expect(await within(dads).findByText('Rival Ron')).toBeTruthy();
    expect(within(dads).getByText('Final 121.4–98.2 · won by 23.2')).toBeTruthy();
    const office = screen.getByText('Office League').closest('li')!;
    expect(await within(office).findByText(/could not be loaded/)).toBeTruthy();
    expect(within(office).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('lists an earlier season from the season picker, without this-week matchups', async () => {
    const server = serve(() => trpcData(finishedWeek()));
    const { router } = renderApp('/');
    const picker = await screen.findByLabelText('Season', {}, PAGE_LOAD);
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2026 (this season)', '2025', '2024', '2023', '2022']);
    await userEvent.setup().selectOptions(picker, '2024');
    await waitFor(() => expect(router.state.location.search).toBe('?season=2024'));
    const card = (await screen.findByText('Old Keeper League')).closest('li')!;
    expect(within(card).queryByText(/matchup/)).toBeNull();
    expect(server.callsTo('leagues.details').every((call) => call.body?.leagueId !== '900')).toBe(true);
  });
});
