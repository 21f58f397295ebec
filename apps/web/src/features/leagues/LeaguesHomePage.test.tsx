import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionUser, type FakeHandler, trpcData, trpcError } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

/** The first render waits for the lazily loaded page chunk. */
const PAGE_LOAD = { timeout: 5_000 };

const league = (overrides: Record<string, unknown>) => ({
  league_id: '1',
  name: 'League',
  total_rosters: 10,
  season: '2025',
  status: 'in_season',
  avatar: null,
  platform: 'sleeper',
  ...overrides,
});

function signedInWith(leagues: FakeHandler) {
  return fakeServer({
    'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
    'GET /trpc/leagues.list': leagues,
  });
}

describe('the signed-in home', () => {
  it('lists the leagues by platform with totals, and Select League opens the simulate route', async () => {
    signedInWith(() =>
      trpcData({
        season: '2025',
        errors: [],
        data: {
          sleeper: [
            league({ league_id: '111', name: 'Dynasty Dads', total_rosters: 12, username: 'dakeif' }),
            league({ league_id: '222', name: 'Office League', total_rosters: 10, username: 'dakeif' }),
          ],
          yahoo: [
            league({ league_id: '461.l.103926', name: 'Yahoo Pals', total_rosters: 8, platform: 'yahoo' }),
          ],
          espn: [],
        },
      }),
    );
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Your Leagues' }, PAGE_LOAD)).toBeTruthy();
    const totals = screen.getByLabelText('League totals');
    const figure = (label: string) => within(totals).getByText(label).nextElementSibling?.textContent;
    expect(figure('Total Leagues')).toBe('3');
    expect(figure('Sleeper Leagues')).toBe('2');
    expect(figure('Yahoo Leagues')).toBe('1');
    expect(figure('Total Teams')).toBe('30');
    const yahooGroup = screen.getByRole('region', { name: 'Yahoo (1)' });
    expect(within(yahooGroup).getByText('Yahoo Pals')).toBeTruthy();
    expect(within(yahooGroup).getByText('8 teams')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Select League Office League' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/simulate/dakeif/2025/222'));
  });

  it('routes Yahoo and ESPN leagues through /simulate/yahoo and /simulate/espn, and refuses a Sleeper league without a username', async () => {
    signedInWith(() =>
      trpcData({
        season: '2025',
        errors: [],
        data: {
          sleeper: [league({ league_id: '333', name: 'Nameless', username: '' })],
          yahoo: [league({ league_id: '461.l.103926', name: 'Yahoo Pals', platform: 'yahoo' })],
          espn: [league({ league_id: '31415926', name: 'ESPN Friends', platform: 'espn', season: '2023' })],
        },
      }),
    );
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Select League Nameless' }, PAGE_LOAD));
    expect(await screen.findByText('Unable to navigate: Sleeper username not found.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    await user.click(screen.getByRole('button', { name: 'Select League Yahoo Pals' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/simulate/yahoo/2025/461.l.103926'));
    await router.navigate('/');
    const espnGroup = await screen.findByRole('region', { name: 'ESPN (1)' }, PAGE_LOAD);
    expect(within(espnGroup).getByText('ESPN', { selector: '.platform-badge' })).toBeTruthy();
    await user.click(within(espnGroup).getByRole('button', { name: 'Select League ESPN Friends' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/simulate/espn/2023/31415926'));
  });

  it('shows No Leagues Connected with a way to /link-leagues when there are none', async () => {
    signedInWith(() => trpcData({ season: '2025', errors: [], data: { sleeper: [], yahoo: [], espn: [] } }));
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'No Leagues Connected' }, PAGE_LOAD)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Connect Your Leagues' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/link-leagues'));
  });

  it('says Loading Your Leagues, then Error Loading Leagues with a Try Again that retries', async () => {
    let calls = 0;
    signedInWith(() => {
      calls += 1;
      return calls === 1
        ? trpcError(502, 'UPSTREAM_ERROR', 'Failed to fetch leagues for season 2025.')
        : trpcData({
            season: '2025',
            errors: [],
            data: { sleeper: [league({ name: 'Back Again', username: 'x' })], yahoo: [], espn: [] },
          });
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Loading Your Leagues' }, PAGE_LOAD)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Error Loading Leagues' }, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByText('Failed to load your leagues')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Back Again')).toBeTruthy();
  });
});
