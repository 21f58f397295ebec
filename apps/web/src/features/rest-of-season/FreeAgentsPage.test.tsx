import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionUser, trpcData, trpcError } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { leaguePageLeague, TONEY, testLeague, WARREN } from './ros-test-league';

afterEach(() => vi.unstubAllGlobals());

const PAGE = '/simulate/fan/2026/111/free-agents';
const signedIn = () => trpcData({ data: sessionUser() });
const answer = (data = [WARREN, TONEY]) =>
  trpcData({
    data,
    week: 11,
    season: '2026',
    ros_weeks: [11, 12, 13, 14],
    simulations: 10_000,
    data_as_of: new Date(Date.now() - 5 * 60_000).toISOString(),
  });

describe('the free agents page', () => {
  it('lists the league’s free agents best first, with how fresh the figures are', async () => {
    const server = fakeServer({
      'GET /trpc/auth.me': signedIn,
      'GET /trpc/leagues.details': () => trpcData(testLeague()),
      'GET /trpc/restOfSeason.freeAgents': () => answer(),
    });
    renderApp(PAGE);
    const table = await screen.findByRole('table', { name: 'Free agents, best pickup first' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.querySelector('button')?.textContent),
    ).toEqual(['Jaylen Warren', 'Kadarius Toney']);
    // whom each starts over and whom each drops, by name
    expect(within(table).getAllByText('Isiah Pacheco')).toHaveLength(1);
    expect(within(table).getAllByText('Jalen Reed')).toHaveLength(2);
    expect(screen.getByText(/Best pickup first: by the change in your playoff chance/)).toBeTruthy();
    expect(
      screen.getByText(/rest of season: weeks 11–14 · 10,000 season simulations · data as of/).textContent,
    ).toContain('5 minutes ago');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Free agents · Dynasty Dads');
    // the crumbs name the league, then this page
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Dynasty Dads' }).getAttribute('href')).toBe(
      '/simulate/fan/2026/111',
    );
    expect(within(crumbs).getByText('Free Agents').getAttribute('aria-current')).toBe('page');
    expect(server.callsTo('restOfSeason.freeAgents')[0]?.body).toMatchObject({
      platform: 'sleeper',
      leagueId: '111',
    });
  });

  it('filters by the positions the league starts and asks the server for that position', async () => {
    const server = fakeServer({
      'GET /trpc/auth.me': signedIn,
      'GET /trpc/leagues.details': () => trpcData(testLeague()),
      'GET /trpc/restOfSeason.freeAgents': ({ body }) =>
        answer([WARREN, TONEY].filter((player) => !body?.position || player.position === body.position)),
    });
    renderApp(PAGE);
    const user = userEvent.setup();
    const filter = await screen.findByLabelText('Position');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Every position the league starts', 'QB', 'RB', 'WR', 'TE']);
    await user.selectOptions(filter, 'WR');
    await waitFor(() =>
      expect(
        screen.getAllByRole('rowheader').map((cell) => cell.querySelector('button')?.textContent),
      ).toEqual(['Kadarius Toney']),
    );
    expect(server.callsTo('restOfSeason.freeAgents').at(-1)?.body?.position).toBe('WR');
    await user.selectOptions(filter, 'QB');
    expect(await screen.findByText('No free agents at QB.')).toBeTruthy();
  });

  it('shows the server’s message when the free agents cannot be priced, and tries again on request', async () => {
    let fails = true;
    fakeServer({
      'GET /trpc/auth.me': signedIn,
      'GET /trpc/leagues.details': () => trpcData(testLeague()),
      'GET /trpc/restOfSeason.freeAgents': () =>
        fails ? trpcError(429, 'RATE_LIMITED', 'Too many simulations: try again in a minute.') : answer(),
    });
    renderApp(PAGE);
    const user = userEvent.setup();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many simulations: try again in a minute.',
    );
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Free agents, best pickup first' })).toBeTruthy();
  });

  it('is reached from the league page, for Yahoo leagues too', async () => {
    fakeServer({
      'GET /trpc/auth.me': signedIn,
      'GET /trpc/leagues.details': () => trpcData(leaguePageLeague({ platform: 'yahoo' })),
      'GET /trpc/restOfSeason.freeAgents': () => answer(),
    });
    const { router } = renderApp('/simulate/yahoo/2026/111');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Free agents' }));
    expect(router.state.location.pathname).toBe('/simulate/yahoo/2026/111/free-agents');
    expect(await screen.findByRole('table', { name: 'Free agents, best pickup first' })).toBeTruthy();
    // Yahoo knows players by its own ids: the claim link searches the league's player list for his name
    expect(screen.getByRole('link', { name: 'Claim Jaylen Warren on Yahoo' }).getAttribute('href')).toBe(
      'https://football.fantasysports.yahoo.com/f1/111/players?search=Jaylen%20Warren',
    );
    await user.click(screen.getByRole('link', { name: '← Back to the matchup' }));
    expect(router.state.location.pathname).toBe('/simulate/yahoo/2026/111');
  });
});
