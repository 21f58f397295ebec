import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, trpcData } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { defaultPreferences } from '../preferences/preferences-defaults';
import { savePreferences } from '../preferences/preferences-store';
import { PLAYER_DIRECTORY_KEY, PLAYER_DIRECTORY_TIME_KEY } from './player-directory';

afterEach(() => vi.unstubAllGlobals());

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const PAGE_LOAD = { timeout: 10_000 };

const PLAYERS: Record<string, { player_id: string; player_name: string; position: string; team: string }> = {
  '1': { player_id: '1', player_name: 'Zay Flowers', position: 'WR', team: 'BAL' },
  '2': { player_id: '2', player_name: 'Rashee Rice', position: 'WR', team: 'KC' },
  '9': { player_id: '9', player_name: 'Travis Kelce', position: 'TE', team: 'KC' },
};

const TOTALS: Record<string, Record<string, number>> = {
  '1': {
    games: 2,
    fantasy_points_ppr: 32,
    fantasy_points_half_ppr: 26.5,
    fantasy_points_standard: 21,
    points_per_game: 16,
    targets: 16,
    rec: 11,
    rec_yd: 150,
    rec_td: 1,
  },
  '2': {
    games: 1,
    fantasy_points_ppr: 14,
    fantasy_points_half_ppr: 11,
    fantasy_points_standard: 8,
    points_per_game: 14,
    targets: 8,
    rec: 6,
    rec_yd: 80,
    rec_td: 0,
  },
  '9': {
    games: 2,
    fantasy_points_ppr: 20,
    fantasy_points_half_ppr: 17,
    fantasy_points_standard: 14,
    points_per_game: 10,
    targets: 12,
    rec: 6,
    rec_yd: 140,
    rec_td: 0,
  },
};

function idsOf(input: Record<string, unknown> | undefined): string[] {
  return String(input?.playerIds ?? '').split(',');
}

/** The page's answers; `overrides` replaces some (e.g. one that never comes). */
function serve(overrides: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /trpc/nflStats.seasons': () => trpcData({ data: [2025, 2024] }),
    'GET /trpc/nflStats.seasonalCompare': ({ body: input }) =>
      trpcData({
        season: 2025,
        data: idsOf(input).map((id) => ({ ...PLAYERS[id], season: 2025, ...TOTALS[id] })),
      }),
    'GET /trpc/nflStats.compare': ({ body: input }) =>
      trpcData({
        season: 2025,
        data: idsOf(input).map((id) => ({
          player: PLAYERS[id],
          weeks: [1, 2].map((week) => ({
            ...PLAYERS[id],
            season: 2025,
            week,
            opponent: week === 1 ? '@BUF' : 'CLE',
            is_home: week === 2,
            played: !(id === '2' && week === 2),
            fantasy_points_ppr: week * 10 + Number(id),
            fantasy_points_half_ppr: 0,
            fantasy_points_standard: 0,
          })),
        })),
      }),
    'GET /trpc/nflStats.advancedSeasonal': ({ body: input }) =>
      trpcData({
        season: 2025,
        data: idsOf(input).map((id) => ({
          ...PLAYERS[id],
          season: 2025,
          metrics: { target_share: id === '1' ? 0.5714 : 0.25, catch_rate: 0.6875 },
        })),
      }),
    'GET /trpc/players.list': () =>
      trpcData({
        players: Object.values(PLAYERS).map((p) => ({
          id: p.player_id,
          full_name: p.player_name,
          first_name: p.player_name.split(' ')[0],
          last_name: p.player_name.split(' ')[1],
          position: p.position,
          team: p.team,
          active: true,
        })),
      }),
    ...overrides,
  });
}

describe('the compare page', { timeout: 15_000 }, () => {
  it('shows two players side by side: season totals, week by week and usage, from a shared URL', async () => {
    const server = serve();
    renderApp('/compare?players=1,2&season=2025');
    const totals = await screen.findByRole('table', { name: 'Season totals' }, PAGE_LOAD);
    expect(
      within(totals)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Season totals', 'Zay Flowers', 'Rashee Rice']);
    const ppr = within(totals).getByRole('row', { name: /^PPR points/ });
    expect(ppr.textContent).toContain('32.0');
    expect(within(ppr).getByText('(best)')).toBeTruthy();
    const weekly = screen.getByRole('table', { name: 'PPR points by week' });
    expect(within(weekly).getByRole('row', { name: /^2 / }).textContent).toContain('21.0');
    expect(within(weekly).getByRole('row', { name: /^2 / }).textContent).toContain('—');
    expect(screen.getByRole('group', { name: /PPR points per week/ })).toBeTruthy();
    const advanced = screen.getByRole('table', { name: 'Advanced metrics' });
    expect(within(advanced).getByRole('row', { name: /Target share/ }).textContent).toContain('57.1 %');
    expect(within(advanced).queryByRole('row', { name: /WOPR/ })).toBeNull();
    expect(server.callsTo('nflStats.seasonalCompare')[0]!.body).toEqual({ playerIds: '1,2', season: 2025 });
  });

  it('adds a player found by name and keeps the choice in the URL', async () => {
    serve();
    const { router } = renderApp('/compare?players=1');
    expect(await screen.findByText(/Pick at least 2 players/, {}, PAGE_LOAD)).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Add a player'), 'kel');
    await user.click(await screen.findByRole('option', { name: /Travis Kelce/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?players=1,9'));
    expect(await screen.findByRole('table', { name: 'Season totals' })).toBeTruthy();
    expect(screen.queryByText(/Pick at least 2 players/)).toBeNull();
    expect(screen.getByRole('button', { name: 'kel' })).toBeTruthy();
  });

  it('is a keyboard combobox: arrows highlight, Enter adds, Escape closes then clears', async () => {
    serve();
    const { router } = renderApp('/compare?players=1');
    const user = userEvent.setup();
    const input = await screen.findByRole('combobox', { name: 'Add a player' }, PAGE_LOAD);
    await user.type(input, 'r');
    const listbox = await screen.findByRole('listbox', { name: 'Matching players' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Rashee Rice WR · KC', 'Travis Kelce TE · KC']);
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('r');
    await user.keyboard('{Escape}');
    expect((input as HTMLInputElement).value).toBe('');
    await user.type(input, 'rice');
    await user.keyboard('{Enter}');
    expect(router.state.location.search).toBe('?players=1');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?players=1,2'));
    expect((input as HTMLInputElement).value).toBe('');
  });

  it("leads the usage table with the user's favorite metrics, and a star pins or unpins one", async () => {
    savePreferences({ ...defaultPreferences(), favoriteMetrics: ['catchRate'] });
    serve();
    renderApp('/compare?players=1,2&season=2025');
    const advanced = await screen.findByRole('table', { name: 'Advanced metrics' }, PAGE_LOAD);
    const labels = () =>
      within(advanced)
        .getAllByRole('rowheader')
        .map((header) => header.textContent?.replace(/[★☆]/g, ''));
    expect(labels()).toEqual(['Catch rate', 'Target share']);
    const user = userEvent.setup();
    await user.click(within(advanced).getByRole('button', { name: 'Pin Target share to the top' }));
    expect(labels()).toEqual(['Catch rate', 'Target share']);
    await user.click(within(advanced).getByRole('button', { name: 'Unpin Catch rate from the top' }));
    expect(labels()).toEqual(['Target share', 'Catch rate']);
    expect(JSON.parse(localStorage.getItem('fm_preferences')!).favoriteMetrics).toEqual(['targetShare']);
  });

  it('removes a player, and a favorite can be added back in one click', async () => {
    serve();
    const { router } = renderApp('/compare?players=1,2');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Rashee Rice to favorites' }, PAGE_LOAD));
    await user.click(screen.getByRole('button', { name: 'Remove Rashee Rice' }));
    await waitFor(() => expect(router.state.location.search).toBe('?players=1'));
    await user.click(await screen.findByRole('button', { name: '★ Rashee Rice' }));
    await waitFor(() => expect(router.state.location.search).toBe('?players=1,2'));
  });

  it('names the players picked on their chips while the comparison is still loading', async () => {
    // the directory the picker chose them from, kept from the visit before
    const directory = Object.fromEntries(
      Object.values(PLAYERS).map((p) => [
        p.player_id,
        { full_name: p.player_name, position: p.position, team: p.team, active: true },
      ]),
    );
    localStorage.setItem(PLAYER_DIRECTORY_KEY, JSON.stringify(directory));
    localStorage.setItem(PLAYER_DIRECTORY_TIME_KEY, String(Date.now()));
    const never = () => new Promise<never>(() => {});
    serve({ 'GET /trpc/nflStats.seasonalCompare': never, 'GET /trpc/nflStats.compare': never });
    renderApp('/compare?players=1,2&season=2025');
    const chips = await screen.findByRole('list', { name: 'Players compared' }, PAGE_LOAD);
    await waitFor(() => expect(within(chips).getByText('Zay Flowers')).toBeTruthy());
    expect(within(chips).getByText('Rashee Rice')).toBeTruthy();
    expect(chips.textContent).not.toMatch(/Player \d/);
    expect(screen.getByText('Loading the comparison…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Zay Flowers' })).toBeTruthy();
  });
});
