import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionUser, trpcData, trpcError } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import type { ConnectionsStatus } from './leagues-queries';

afterEach(() => vi.unstubAllGlobals());

/** The first render waits for the lazily loaded page chunk. */
const PAGE_LOAD = { timeout: 5_000 };

const NOTHING_LINKED: ConnectionsStatus = {
  sleeper: { connected: false, username: null, displayName: null, avatar: null },
  yahoo: { connected: false, userId: null, available: true },
  espn: { connected: false, leagues: [] },
  hasLinkedLeagues: false,
};

describe('/link-leagues', () => {
  it('links Sleeper by username, shows Sleeper’s not-found message, then the connected state', async () => {
    let connections = NOTHING_LINKED;
    const server = fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser({ hasLinkedLeagues: false }) }],
      'GET /trpc/leagues.connections': () => trpcData(connections),
      'POST /trpc/leagues.sleeperConnect': ({ body }) => {
        const username = (body as { username: string }).username;
        if (username !== 'dakeif')
          return trpcError(404, 'SLEEPER_USER_NOT_FOUND', `Sleeper user '${username}' not found.`);
        connections = {
          ...NOTHING_LINKED,
          sleeper: { ...NOTHING_LINKED.sleeper, connected: true, username },
          hasLinkedLeagues: true,
        };
        return trpcData(connections);
      },
    });
    renderApp('/link-leagues');
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Sleeper username', {}, PAGE_LOAD);
    await user.type(field, 'ghost_user');
    await user.click(screen.getByRole('button', { name: 'Connect Sleeper' }));
    expect(await screen.findByText("Sleeper user 'ghost_user' not found.")).toBeTruthy();

    await user.clear(field);
    await user.type(field, 'dakeif');
    await user.click(screen.getByRole('button', { name: 'Connect Sleeper' }));
    expect(await screen.findByText('dakeif')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disconnect Sleeper' })).toBeTruthy();
    const write = server.calls.find(
      (call) => call.method === 'POST' && call.path.startsWith('/trpc/leagues.sleeperConnect'),
    );
    expect(write?.headers.get('X-CSRF-Token')).toBe('nonce.signature');
  });

  it('shows how the Yahoo round trip went from the query string', async () => {
    fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
      'GET /trpc/leagues.connections': () =>
        trpcData({
          ...NOTHING_LINKED,
          yahoo: { connected: true, userId: 'JT4FACLQZI2OCE', available: true },
        }),
    });
    renderApp('/link-leagues?linked=yahoo');
    expect(await screen.findByText('Your Yahoo account is linked.', {}, PAGE_LOAD)).toBeTruthy();
    expect(await screen.findByText('JT4FACLQZI2OCE')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disconnect Yahoo' })).toBeTruthy();
  });

  it('shows the error the callback sent back', async () => {
    fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
      'GET /trpc/leagues.connections': () => trpcData(NOTHING_LINKED),
    });
    const { router } = renderApp('/link-leagues?error=Yahoo%20linking%20was%20cancelled.');
    expect(await screen.findByText('Yahoo linking was cancelled.', {}, PAGE_LOAD)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss message' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows only a generic failure for an error text it does not know (no spoofed messages)', async () => {
    fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
      'GET /trpc/leagues.connections': () => trpcData(NOTHING_LINKED),
    });
    renderApp(`/link-leagues?error=${encodeURIComponent('Call 555-0100 to restore your account')}`);
    expect(await screen.findByText('Yahoo linking failed. Please try again.', {}, PAGE_LOAD)).toBeTruthy();
    expect(document.body.textContent).not.toContain('555-0100');
  });

  it('says when Yahoo linking is not set up on the server, and offers no button that would fail', async () => {
    const server = fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
      'GET /trpc/leagues.connections': () =>
        trpcData({ ...NOTHING_LINKED, yahoo: { connected: false, userId: null, available: false } }),
    });
    renderApp('/link-leagues');
    const connect = await screen.findByRole('button', { name: 'Connect Yahoo' }, PAGE_LOAD);
    expect((connect as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Yahoo linking is not set up on this server/)).toBeTruthy();
    await userEvent.setup().click(connect);
    expect(server.calls.some((call) => call.procedure === 'leagues.yahooAuthUrl')).toBe(false);
  });

  it('shows the server’s refusal should Yahoo linking fail to start', async () => {
    fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
      'GET /trpc/leagues.connections': () => trpcData(NOTHING_LINKED),
      'GET /trpc/leagues.yahooAuthUrl': () =>
        trpcError(503, 'YAHOO_NOT_CONFIGURED', 'Yahoo linking is not configured on this server.'),
    });
    renderApp('/link-leagues');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Connect Yahoo' }, PAGE_LOAD));
    expect(await screen.findByText('Yahoo linking is not configured on this server.')).toBeTruthy();
  });

  it('links an ESPN league by id, opens the cookie fields for a private one, and removes it (no reload after the refusal)', async () => {
    let connections = NOTHING_LINKED;
    const server = fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser({ hasLinkedLeagues: false }) }],
      'GET /trpc/leagues.connections': () => trpcData(connections),
      'POST /trpc/leagues.espnConnect': ({ body }) => {
        const input = body as { leagueId: string; espnS2?: string; swid?: string };
        if (input.leagueId === '27182818' && !input.espnS2)
          return trpcError(
            403,
            'ESPN_LEAGUE_PRIVATE',
            'This ESPN league is private. Add your espn_s2 and SWID cookies to link it (see "How to find your ESPN cookies").',
          );
        connections = {
          ...NOTHING_LINKED,
          espn: { connected: true, leagues: [{ league_id: input.leagueId, name: 'ESPN Friends' }] },
          hasLinkedLeagues: true,
        };
        return trpcData(connections);
      },
      'POST /trpc/leagues.espnDisconnect': () => {
        connections = NOTHING_LINKED;
        return trpcData(connections);
      },
    });
    renderApp('/link-leagues');
    const user = userEvent.setup();
    const field = await screen.findByLabelText('ESPN league ID or address', {}, PAGE_LOAD);
    expect(screen.getByText('No ESPN league linked')).toBeTruthy();
    await user.type(field, '27182818');
    await user.click(screen.getByRole('button', { name: 'Link ESPN League' }));
    expect(await screen.findByText(/This ESPN league is private/)).toBeTruthy();

    const privateBox = screen.getByRole('checkbox', { name: 'This league is private' });
    await waitFor(() => expect((privateBox as HTMLInputElement).checked).toBe(true));
    expect(screen.getByText('How to find your ESPN cookies')).toBeTruthy();
    await user.type(screen.getByLabelText('espn_s2 cookie'), 'AEBsecretCookieValue1234567890');
    // Pasted, as people do (typing "{" would be read as a key name).
    await user.click(screen.getByLabelText('SWID cookie'));
    await user.paste('{05BF957C-0360-1F2F-117D-DDA306D4C35A}');
    await user.click(screen.getByRole('button', { name: 'Link ESPN League' }));
    expect(await screen.findByText('ESPN Friends')).toBeTruthy();
    const sent = server.calls.filter((call) => call.procedure === 'leagues.espnConnect').at(-1);
    expect(sent?.body).toEqual({
      leagueId: '27182818',
      espnS2: 'AEBsecretCookieValue1234567890',
      swid: '{05BF957C-0360-1F2F-117D-DDA306D4C35A}',
    });

    await user.click(screen.getByRole('button', { name: 'Remove ESPN league ESPN Friends' }));
    expect(await screen.findByText('No ESPN league linked')).toBeTruthy();
    expect(server.calls.find((call) => call.procedure === 'leagues.espnDisconnect')?.body).toEqual({
      leagueId: '27182818',
    });
    // ESPN's refusal is no reason to drop the CSRF token: every later write still carries it.
    const writes = server.calls.filter((call) => call.method === 'POST');
    expect(writes.map((call) => call.headers.get('X-CSRF-Token'))).toEqual(
      writes.map(() => 'nonce.signature'),
    );
    expect(writes.filter((call) => call.procedure?.startsWith('leagues.')).length).toBe(3);
  });
});
