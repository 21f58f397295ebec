import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionUser, trpcData, trpcError } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { leaguePageLeague } from './ros-test-league';

afterEach(() => vi.unstubAllGlobals());

const LEAGUE_PAGE = '/simulate/fan/2026/111';
/** The matchup's win-probability line, not under test here. */
const noTimeline = () =>
  trpcData({
    platform: 'sleeper',
    league_id: '111',
    season: 2026,
    week: 11,
    matchup_id: 1,
    roster_ids: null,
    points: [],
  });
const row = (roster_id: number, win: number, loss: number) => ({
  roster_id,
  p_playoffs_if_win: win,
  p_playoffs_if_loss: loss,
  leverage: win - loss,
});

describe('playoff leverage on the league page', () => {
  it('shows every team’s playoff chances if it wins and if it loses, the caller’s team first', async () => {
    const server = fakeServer({
      'GET /trpc/auth.me': () => trpcData({ data: sessionUser() }),
      'GET /trpc/leagues.details': () => trpcData(leaguePageLeague()),
      'GET /trpc/leagues.timeline': noTimeline,
      'GET /trpc/restOfSeason.playoffLeverage': () =>
        trpcData({
          data: [row(3, 0.91, 0.62), row(2, 0.55, 0.2), row(1, 0.48, 0.135), row(4, 0.05, 0)],
          week: 11,
          season: '2026',
          simulations: 2,
          seasons_per_simulation: 10_000,
          data_as_of: new Date().toISOString(),
        }),
    });
    renderApp(LEAGUE_PAGE);
    // the first page of the file loads the app's modules: on a busy machine that takes more than a second
    const section = (
      await screen.findByRole('heading', { name: 'Playoff leverage, week 11' }, { timeout: 15_000 })
    ).parentElement!;
    const table = await within(section).findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => Array.from(tr.children).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Fan (you)', '48%', '14%', '+34.5%'],
      ['Sue', '91%', '62%', '+29.0%'],
      ['Ron', '55%', '20%', '+35.0%'],
      ['Tom', '5%', '0%', '+5.0%'],
    ]);
    expect(within(section).getByText(/how much this one game moves/).textContent).toBe(
      'Each team’s chance to make the playoffs if it wins this week’s game and if it loses it. Leverage is the ' +
        'difference: how much this one game moves the team’s playoff chances.',
    );
    // seasons counted as seasons: two runs of 10,000 each are never "2 season simulations"
    const meta = within(section).getByText(/simulated seasons/).textContent;
    expect(meta).toMatch(/^Week 11 · each chance from 10,000 simulated seasons · data as of just now/);
    expect(section.textContent).not.toMatch(/\b2 season simulations/);
    expect(within(section).queryByText(/playoff place is settled/)).toBeNull();
    expect(server.callsTo('restOfSeason.playoffLeverage')[0]?.body).toMatchObject({
      platform: 'sleeper',
      leagueId: '111',
      week: 11,
    });
  }, 30_000);

  it('says so when every playoff place is settled (no result this week moves any chance)', async () => {
    fakeServer({
      'GET /trpc/auth.me': () => trpcData({ data: sessionUser() }),
      'GET /trpc/leagues.details': () => trpcData(leaguePageLeague()),
      'GET /trpc/leagues.timeline': noTimeline,
      'GET /trpc/restOfSeason.playoffLeverage': () =>
        trpcData({
          data: [row(1, 1, 1), row(2, 1, 1), row(3, 0, 0), row(4, 0, 0)],
          week: 11,
          season: '2026',
          simulations: 2,
          seasons_per_simulation: 6_666,
          data_as_of: new Date().toISOString(),
        }),
    });
    renderApp(LEAGUE_PAGE);
    const section = (await screen.findByRole('heading', { name: 'Playoff leverage, week 11' }))
      .parentElement!;
    expect(
      await within(section).findByText(
        'Every playoff place is settled: no result this week changes who makes the playoffs.',
      ),
    ).toBeTruthy();
    expect(within(section).getByText(/simulated seasons/).textContent).toContain('6,666 simulated seasons');
  });

  it('says why when the leverage cannot be computed, and leaves the matchup in place', async () => {
    fakeServer({
      'GET /trpc/auth.me': () => trpcData({ data: sessionUser() }),
      'GET /trpc/leagues.details': () => trpcData(leaguePageLeague()),
      'GET /trpc/leagues.timeline': noTimeline,
      'GET /trpc/restOfSeason.playoffLeverage': () =>
        trpcError(400, 'VALIDATION_ERROR', 'This league has no playoff settings.'),
    });
    renderApp(LEAGUE_PAGE);
    const section = (await screen.findByRole('heading', { name: 'Playoff leverage, week 11' }))
      .parentElement!;
    expect((await within(section).findByRole('alert')).textContent).toContain(
      'This league has no playoff settings.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Dynasty Dads' })).toBeTruthy();
  });
});
