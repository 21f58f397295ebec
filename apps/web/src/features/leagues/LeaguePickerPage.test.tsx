import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionUser, trpcData, trpcError } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const PAGE_LOAD = { timeout: 5_000 };
const league = (league_id: string, name: string, username: string) => ({
  league_id,
  name,
  total_rosters: 12,
  season: '2025',
  status: 'in_season',
  avatar: null,
  platform: 'sleeper',
  username,
});

describe('/simulate/{username}/{season}', () => {
  it('says it is loading, then lists that account’s leagues with links to their simulations', async () => {
    const server = fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
      'GET /trpc/leagues.list': () =>
        trpcData({
          season: '2025',
          errors: [],
          data: {
            sleeper: [league('111', 'Dynasty Dads', 'dakeif'), league('222', 'Other', 'someone')],
            yahoo: [],
            espn: [],
          },
        }),
    });
    renderApp('/simulate/dakeif/2025');
    expect(await screen.findByText('Loading leagues for dakeif...', {}, PAGE_LOAD)).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Simulate Dynasty Dads' });
    expect(link.getAttribute('href')).toBe('/simulate/dakeif/2025/111');
    expect(screen.getByText('12 teams')).toBeTruthy();
    expect(screen.queryByText('Other')).toBeNull();
    const listCall = server.calls.find((call) => call.path.startsWith('/trpc/leagues.list'))!;
    expect(decodeURIComponent(listCall.path)).toContain('"season":2025');
  });

  it('shows the Sleeper message when the leagues cannot be fetched', async () => {
    fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
      'GET /trpc/leagues.list': () =>
        trpcError(502, 'UPSTREAM_ERROR', 'Failed to fetch leagues for season 2025.'),
    });
    renderApp('/simulate/dakeif/2025');
    expect(await screen.findByText('Failed to fetch leagues for season 2025.', {}, PAGE_LOAD)).toBeTruthy();
  });
});
