import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionUser, trpcData } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('Settings → League Connections', () => {
  it('shows the Sleeper username and Yahoo user id, with a way to /link-leagues', async () => {
    fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
      'GET /trpc/leagues.connections': () =>
        trpcData({
          sleeper: { connected: true, username: 'dakeif', displayName: 'dakeif', avatar: null },
          yahoo: { connected: false, userId: null, available: true },
          espn: { connected: true, leagues: [{ league_id: '31415926', name: 'ESPN Friends' }] },
          hasLinkedLeagues: true,
        }),
    });
    const { router } = renderApp('/settings');
    await userEvent
      .setup()
      .click(await screen.findByRole('tab', { name: 'League Connections' }, { timeout: 5_000 }));
    const panel = screen.getByRole('tabpanel', { name: 'League Connections' });
    expect(await screen.findByText('Connected as dakeif')).toBeTruthy();
    expect(panel.textContent).toContain('Yahoo');
    expect(panel.textContent).toContain('Not connected');
    expect(panel.textContent).toContain('ESPN Friends');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Manage League Connections' }));
    expect(router.state.location.pathname).toBe('/link-leagues');
  });
});
