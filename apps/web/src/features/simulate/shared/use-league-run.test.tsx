import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionUser, trpcData, trpcError } from '../../../test/fake-server';
import { AuthProvider } from '../../auth/auth-context';
import type { LeagueDetails, LeaguePlayer } from './league-details';
import { resetSimulations, useSimulationRun } from './simulation-store';
import { useLeagueRun } from './use-league-run';

afterEach(() => {
  resetSimulations();
  vi.unstubAllGlobals();
});

const player = (player_id: string, position: string) =>
  ({ player_id, name: `Player ${player_id}`, position, team: 'KC', injury_status: null }) as LeaguePlayer;
const roster = (roster_id: number, owner_name: string, starters: LeaguePlayer[], bench: LeaguePlayer[]) => ({
  roster_id,
  owner_name,
  players: { starters, bench, reserve: [] },
});
const DETAILS = {
  platform: 'sleeper',
  league: { league_id: 'L1', name: 'Test League', season: '2025' },
  week: 7,
  my_roster_id: 1,
  rosters: [
    roster(1, 'Kickers United ', [player('q1', 'QB'), player('w1', 'WR')], [player('r2', 'RB')]),
    roster(2, 'Blitz', [player('q2', 'QB')], []),
  ],
} as unknown as LeagueDetails;

/** The league page's run button (with the sides it is given) and the result page reading the run. */
function renderLeagueRun(user: string[], opponent: string[]) {
  function LeaguePage() {
    const start = useLeagueRun(DETAILS);
    const [isRefused, setIsRefused] = useState(false);
    const run = () =>
      setIsRefused(
        !start(
          'simulate',
          { rosterId: 1, starterIds: user },
          { rosterId: 2, starterIds: opponent },
          { resultPath: '/dashboard', backPath: '/league', lineupLab: null, seasonOutlook: null },
        ),
      );
    return (
      <>
        <button onClick={run}>Run simulation</button>
        {isRefused && <p>Not started</p>}
      </>
    );
  }
  function Dashboard() {
    const { status, context, result, error } = useSimulationRun('simulate');
    return (
      <p>
        {status}: {context?.userName} v {context?.opponentName}, back to {context?.backPath},{' '}
        {result ? `win ${result.win_probability}` : error}
      </p>
    );
  }
  const router = createMemoryRouter(
    [
      { path: '/league', element: <LeaguePage /> },
      { path: '/dashboard', element: <Dashboard /> },
    ],
    { initialEntries: ['/league'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('useLeagueRun', () => {
  it('asks the server for the league’s own run of the two line-ups, then the result page reads it', async () => {
    const server = fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
      'POST /trpc/matchup.simulateLeague': () => trpcData({ win_probability: 0.61 }),
    });
    // a starter the roster does not hold (traded away) is not sent
    const router = renderLeagueRun(['w1', 'gone', 'q1'], ['q2']);
    await userEvent.click(await screen.findByRole('button', { name: 'Run simulation' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(
      await screen.findByText('completed: Kickers United v Blitz, back to /league, win 0.61'),
    ).toBeTruthy();
    const calls = server.callsTo('matchup.simulateLeague');
    expect(calls.map((call) => call.body)).toEqual([
      {
        platform: 'sleeper',
        leagueId: 'L1',
        week: 7,
        scoring_type: 'ppr',
        user: { roster_id: 1, starters: ['w1', 'q1'] },
        opponent: { roster_id: 2, starters: ['q2'] },
      },
    ]);
  });

  it('says why the run failed on the result page', async () => {
    fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
      'POST /trpc/matchup.simulateLeague': () =>
        trpcError(429, 'RATE_LIMITED', 'You already have 4 simulations running.'),
    });
    renderLeagueRun(['q1'], ['q2']);
    await userEvent.click(await screen.findByRole('button', { name: 'Run simulation' }));
    expect(
      await screen.findByText(
        'error: Kickers United v Blitz, back to /league, You already have 4 simulations running.',
      ),
    ).toBeTruthy();
  });

  it('starts nothing and stays on the page when a side has no starter on its roster', async () => {
    const server = fakeServer({ 'GET /trpc/auth.me': () => [200, { data: sessionUser() }] });
    const router = renderLeagueRun(['q1'], ['gone']);
    await userEvent.click(await screen.findByRole('button', { name: 'Run simulation' }));
    expect(await screen.findByText('Not started')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/league');
    expect(server.callsTo('matchup.simulateLeague')).toEqual([]);
  });
});
