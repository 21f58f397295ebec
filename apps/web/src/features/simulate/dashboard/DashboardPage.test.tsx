import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionUser, trpcData } from '../../../test/fake-server';
import { testLeague } from '../../rest-of-season/ros-test-league';
import { renderApp } from '../../../test/render-app';
import { runSessionResets } from '../../auth/session-reset';
import type { SimulationAnswer } from '../shared/league-details';
import { resetSimulations, type RunContext, startRun } from '../shared/simulation-store';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  resetSimulations();
  vi.unstubAllGlobals();
});

const PAGE_LOAD = { timeout: 10_000 };

const context: RunContext = {
  ownerId: 'u-1',
  platform: 'sleeper',
  leagueId: '1260643183704932352',
  leagueName: 'You Get in the Bowl',
  season: '2025',
  week: 1,
  backPath: '/simulate/dakeif/2025/1260643183704932352',
  userRosterId: 1,
  userName: 'Tua Many Wins',
  opponentName: 'No Romos',
  leftOut: ['Unknown Player'],
  lineupLab: null,
  seasonOutlook: null,
};

const summary = (mean: number) => ({
  mean,
  median: mean,
  std: 10,
  p10: mean - 12,
  p25: mean - 6,
  p75: mean + 6,
  p90: mean + 12,
  min: mean - 30,
  max: mean + 30,
  histogram: { bin_edges: [mean - 30, mean, mean + 30], counts: [4_000, 6_000] },
});

const answer = {
  simulation_id: 's-1',
  kind: 'simulate',
  predicted_score_difference: 5.04,
  win_probability: 0.6812,
  tie_probability: 0,
  win_probability_standard_error: 0.0047,
  iterations: 10_000,
  seed: 20251,
  season: 2025,
  week: 1,
  league_id: context.leagueId,
  duration_ms: 40,
  user_team: { name: 'Tua Many Wins', roster_id: '1', ...summary(128), players: [] },
  opponent_team: { name: 'No Romos', roster_id: '2', ...summary(123), players: [] },
  difference: summary(5),
  baseline_players: [],
} as unknown as SimulationAnswer;

function signedIn() {
  fakeServer({ 'GET /trpc/auth.me': () => [200, { data: sessionUser() }] });
}

describe('/dashboard', { timeout: 15_000 }, () => {
  it('shows the running state, then the win probability and a link to the methodology', async () => {
    signedIn();
    let finish: (value: SimulationAnswer) => void = () => {};
    void startRun('simulate', context, () => new Promise((resolve) => (finish = resolve)));
    renderApp('/dashboard');
    expect(await screen.findByText('Running 10,000 simulations…', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByText(/left out of the server simulation: Unknown Player/)).toBeTruthy();
    await act(async () => finish(answer));
    expect(screen.getByTestId('win-probability').textContent).toBe('68.1%');
    expect(screen.getByText('+5.0 pts')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'How these numbers are made' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('group', { name: 'Simulated points of both teams' })).toBeTruthy();
  });

  it('reads the matchup like the team-vs-team page: the players who swing it and the edges by position', async () => {
    signedIn();
    const analysis = {
      verdict: 'favorite',
      key_players: [
        {
          player_id: '4034',
          name: 'Christian McCaffrey',
          position: 'RB',
          side: 'user',
          swing_share: 0.21,
          boom_probability: 0.3,
          bust_probability: 0.1,
        },
      ],
      position_edges: [{ position: 'RB', user_points: 30.2, opponent_points: 24.1, edge: 6.1 }],
      user_range: { upside: 12, downside: 11, std: 10 },
      opponent_range: { upside: 12, downside: 11, std: 10 },
    };
    await startRun('simulate', context, () => Promise.resolve({ ...answer, kind: 'analyze', analysis }));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Players who swing it' }, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByText('Christian McCaffrey')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Edges by position' })).toBeTruthy();
    expect(screen.getByText('+6.1')).toBeTruthy();
  });

  it('shows the failure and a way back to the league', async () => {
    signedIn();
    await startRun('simulate', context, () => Promise.reject(new Error('Unknown player ids: 999')));
    renderApp('/dashboard');
    expect(
      await screen.findByText(/The simulation failed: Unknown player ids: 999/, {}, PAGE_LOAD),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again from the league page' }).getAttribute('href')).toBe(
      context.backPath,
    );
  });

  it('is idle after logout or login, and never shows another user’s run', async () => {
    signedIn();
    await startRun('simulate', { ...context, ownerId: 'someone-else' }, () => Promise.resolve(answer));
    renderApp('/dashboard');
    expect(
      await screen.findByText('No simulation yet. Pick a league and run one.', {}, PAGE_LOAD),
    ).toBeTruthy();

    await act(() => startRun('simulate', context, () => Promise.resolve(answer)));
    expect(screen.getByTestId('win-probability')).toBeTruthy();
    act(() => runSessionResets());
    expect(screen.getByText('No simulation yet. Pick a league and run one.')).toBeTruthy();
  });

  const playerAt = (name: string, game: { game_state: string; points: number; status: string }) => ({
    player_id: name,
    name,
    position: 'WR',
    distribution: { mean: 15, std: 5, p10: 8, p50: 15, p90: 22 },
    simulated_mean: 15,
    boom_probability: 0.2,
    bust_probability: 0.2,
    swing_share: 0.5,
    actual_points: null,
    fraction_remaining: game.game_state === 'in' ? 0.5 : 0,
    ...game,
  });

  it('during games a playing starter reads “Playing · 15.6 so far”; once every game is over, the result', async () => {
    signedIn();
    const teams = (user: unknown[], opponent: unknown[]) => ({
      ...answer,
      user_team: { ...answer.user_team, players: user },
      opponent_team: { ...answer.opponent_team, players: opponent },
    });
    await startRun('simulate', context, () =>
      Promise.resolve(
        teams(
          [playerAt('Amon-Ra St. Brown', { game_state: 'in', points: 15.6, status: 'projected' })],
          [playerAt('Garrett Wilson', { game_state: 'pre', points: 0, status: 'projected' })],
        ) as SimulationAnswer,
      ),
    );
    renderApp('/dashboard');
    expect(await screen.findByText('Playing · 15.6 so far', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByText('Projected')).toBeTruthy();
    expect(screen.getByTestId('win-probability').textContent).toBe('68.1%');

    await act(() =>
      startRun('simulate', context, () =>
        Promise.resolve({
          ...teams(
            [playerAt('Amon-Ra St. Brown', { game_state: 'final', points: 30, status: 'final' })],
            [playerAt('Garrett Wilson', { game_state: 'final', points: 42.5, status: 'final' })],
          ),
          win_probability: 0,
          kind: 'analyze',
          analysis: {
            verdict: 'strong underdog',
            key_players: [],
            position_edges: [],
            user_range: { upside: 0, downside: 0, std: 0 },
            opponent_range: { upside: 0, downside: 0, std: 0 },
          },
        } as unknown as SimulationAnswer),
      ),
    );
    expect(screen.getByTestId('final-score').textContent).toBe('30.0 – 42.5');
    expect(screen.getByText('· Tua Many Wins lost by 12.5')).toBeTruthy();
    expect(screen.queryByTestId('win-probability')).toBeNull();
    expect(screen.getByText('Tua Many Wins lost by 12.5', { selector: 'strong' })).toBeTruthy();
    expect(screen.queryByText('strong underdog')).toBeNull();
  });

  it('a run made during the games, opened after the final whistle: the result, not its old odds', async () => {
    // the league's week 1 as it stands now: closed, Fan (1) beat Ron (2)
    const league = testLeague({ week: 1, is_week_complete: true });
    league.matchups[0]!.players_points = { qb1: 30, rb1: 20.5, wr1: 10, rb2: 5 };
    league.matchups[1]!.players_points = { qb2: 15, rb3: 12, wr3: 9, te1: 4.5 };
    fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
      'GET /trpc/leagues.details': () => trpcData(league),
    });
    await startRun('simulate', context, () =>
      Promise.resolve({
        ...answer,
        win_probability: 0.33,
        kind: 'analyze',
        analysis: {
          verdict: 'underdog',
          key_players: [],
          position_edges: [],
          user_range: { upside: 0, downside: 0, std: 0 },
          opponent_range: { upside: 0, downside: 0, std: 0 },
        },
      } as unknown as SimulationAnswer),
    );
    renderApp('/dashboard');
    expect((await screen.findByTestId('final-score', {}, PAGE_LOAD)).textContent).toBe('65.5 – 40.5');
    expect(screen.getByText('· Tua Many Wins won by 25.0')).toBeTruthy();
    expect(screen.queryByTestId('win-probability')).toBeNull();
    expect(screen.queryByText('33.0%')).toBeNull();
    expect(screen.queryByText('underdog')).toBeNull();
  });

  it('lists a run made twice on the same line-ups once among the recent simulations', async () => {
    const run = (id: string, created_at: string, win_probability: number) => ({
      id,
      created_at,
      platform: 'sleeper',
      league_id: context.leagueId,
      season: 2025,
      week: 1,
      user_name: 'Tua Many Wins',
      opponent_name: 'No Romos',
      win_probability,
      predicted_score_difference: 5,
      path: context.backPath,
    });
    fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
      'GET /trpc/simulations.recent': () =>
        trpcData({
          data: [
            run('3', '2025-09-08T12:10:00.000Z', 0.6812),
            run('2', '2025-09-08T12:05:00.000Z', 0.6812),
            run('1', '2025-09-08T12:00:00.000Z', 0.551),
          ],
        }),
    });
    renderApp('/dashboard');
    const list = await screen.findByRole('heading', { name: 'Your recent simulations' }, PAGE_LOAD);
    const rows = list.parentElement!.querySelectorAll('li');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('68.1% to win');
    expect(rows[1]!.textContent).toContain('55.1% to win');
  });
});
