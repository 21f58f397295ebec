import type { TradeSuggestion } from '@fm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionUser, trpcData, trpcError } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { testLeague } from './ros-test-league';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const PAGE = '/simulate/fan/2026/111/trades';
const signedIn = () => trpcData({ data: sessionUser() });
const side = (roster_id: number, points: number, playoffs: number, win: number) => ({
  roster_id,
  delta_playoff_probability: playoffs,
  delta_ros_points: points,
  delta_win_probability_next_week: win,
});
const suggestion = (give: string[], get: string[], you: number, partner: number): TradeSuggestion => ({
  partner_roster_id: 2,
  give,
  get,
  you: side(1, you, you / 500, you / 1000),
  partner: side(2, partner, partner / 500, partner / 1000),
  reason: `The reason for ${give.join('+')}>${get.join('+')}.`,
});
const suggestions = (data: TradeSuggestion[]) => ({
  data,
  week: 11,
  season: '2026',
  trades_considered: 1234,
  simulations: 20_000,
  data_as_of: new Date().toISOString(),
});

/** The figures of a trade's table, row by row: [figure, you, partner]. */
function tradeFigures(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children).map((cell) => cell.textContent ?? ''));
}

/** A deferred answer: the test says when the server answers. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('the trade finder', () => {
  it('shows its progress while it searches, then the win-win trades best for you first with the partner’s gain', async () => {
    const answer = deferred<void>();
    const server = fakeServer({
      'GET /trpc/auth.me': signedIn,
      'GET /trpc/leagues.details': () => trpcData(testLeague()),
      'GET /trpc/trades.suggestions': async () => {
        await answer.promise;
        return trpcData(
          suggestions([suggestion(['rb2'], ['te1'], 21.5, 3.25), suggestion(['wr2', 'rb2'], ['rb3'], 9, 12)]),
        );
      },
    });
    renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Find win-win trades' }));
    const progress = await screen.findByRole('progressbar', {
      name: /Searching every 1-for-1 and 2-for-1 swap/,
    });
    expect(progress.getAttribute('max')).toBe('10');
    await waitFor(() => expect(Number(progress.getAttribute('value'))).toBeGreaterThan(0), {
      timeout: 3_000,
    });
    // the page stays usable while the search runs
    await user.selectOptions(screen.getByLabelText('Trade with'), '2');
    expect(screen.getByRole('group', { name: /You get from Ron/ })).toBeTruthy();
    expect(server.callsTo('trades.suggestions')[0]?.body).toMatchObject({
      platform: 'sleeper',
      leagueId: '111',
    });

    answer.resolve();
    const list = await screen.findByRole('list', { name: 'Win-win trades, best for you first' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.trade-suggestion__deal')?.textContent)).toEqual([
      'You give Isiah Pacheco (RB) you get Sam LaPorta (TE) from Ron',
      'You give Jalen Reed (WR), Isiah Pacheco (RB) you get Derrick Henry (RB) from Ron',
    ]);
    expect(items.map((item) => item.querySelector('.trade-suggestion__reason')?.textContent)).toEqual([
      'The reason for rb2>te1.',
      'The reason for wr2+rb2>rb3.',
    ]);
    expect(tradeFigures(within(items[0]!).getByRole('table', { name: /for you and for Ron/ }))).toEqual([
      ['P(playoffs)', '+4.3%', '+0.7%'],
      ['Rest-of-season points', '+21.5', '+3.3'],
      ['P(win) next week', '+2.2%', '+0.3%'],
    ]);
    expect(screen.getByText('1,234 swaps looked at.')).toBeTruthy();
  });

  it('says so when no trade helps both teams, and shows the server’s message when the search fails', async () => {
    let fails = false;
    fakeServer({
      'GET /trpc/auth.me': signedIn,
      'GET /trpc/leagues.details': () => trpcData(testLeague()),
      'GET /trpc/trades.suggestions': () =>
        fails
          ? trpcError(429, 'RATE_LIMITED', 'You have used this hour’s trade searches.')
          : trpcData(suggestions([])),
    });
    renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Find win-win trades' }));
    expect(await screen.findByText(/No win-win trade/)).toBeTruthy();
    fails = true;
    await user.click(screen.getByRole('button', { name: 'Find win-win trades' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You have used this hour’s trade searches.',
    );
  });

  it('stops the search when the reader leaves the page', async () => {
    const never = deferred<void>();
    fakeServer({
      'GET /trpc/auth.me': signedIn,
      'GET /trpc/leagues.details': () => trpcData(testLeague()),
      'GET /trpc/trades.suggestions': async () => {
        await never.promise;
        return trpcData(suggestions([]));
      },
    });
    const { router } = renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Find win-win trades' }));
    await screen.findByRole('progressbar');
    const search = vi
      .mocked(fetch)
      .mock.calls.find(([input]) => String(input).includes('trades.suggestions'));
    const signal = search?.[1]?.signal;
    expect(signal?.aborted).toBe(false);
    await router.navigate('/settings');
    await waitFor(() => expect(signal?.aborted).toBe(true));
  });
});

describe('the trade analyzer', () => {
  it('sends the trade picked and shows what it does to both teams', async () => {
    const server = fakeServer({
      'GET /trpc/auth.me': signedIn,
      'GET /trpc/leagues.details': () => trpcData(testLeague()),
      'POST /trpc/trades.analyze': () =>
        trpcData({
          you: side(1, -30.5, -0.12, -0.08),
          partner: side(2, 25, 0.09, 0.05),
          players_without_projection: [],
        }),
    });
    renderApp(PAGE);
    const user = userEvent.setup();
    const analyze = await screen.findByRole('button', { name: 'Analyze trade' });
    expect(analyze).toHaveProperty('disabled', true);
    await user.selectOptions(screen.getByLabelText('Trade with'), '2');
    await user.click(within(screen.getByRole('group', { name: /You give/ })).getByLabelText(/Josh Allen/));
    await user.click(
      within(screen.getByRole('group', { name: /You get from Ron/ })).getByLabelText(/Nico Collins/),
    );
    await user.click(analyze);
    const result = await screen.findByRole('table', { name: 'What the trade does for you and for Ron' });
    expect(tradeFigures(result)).toEqual([
      ['P(playoffs)', '−12.0%', '+9.0%'],
      ['Rest-of-season points', '−30.5', '+25.0'],
      ['P(win) next week', '−8.0%', '+5.0%'],
    ]);
    expect(server.callsTo('trades.analyze')[0]?.body).toEqual({
      platform: 'sleeper',
      leagueId: '111',
      partner_roster_id: 2,
      give: ['qb1'],
      get: ['wr3'],
    });
  });

  it('names the players of the trade who have no projection', async () => {
    fakeServer({
      'GET /trpc/auth.me': signedIn,
      'GET /trpc/leagues.details': () => trpcData(testLeague()),
      'POST /trpc/trades.analyze': () =>
        trpcData({
          you: side(1, 4, 0.01, 0),
          partner: side(2, 2, 0.01, 0),
          players_without_projection: ['wr3'],
        }),
    });
    renderApp(PAGE);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Trade with'), '2');
    await user.click(within(screen.getByRole('group', { name: /You give/ })).getByLabelText(/Josh Allen/));
    await user.click(
      within(screen.getByRole('group', { name: /You get from Ron/ })).getByLabelText(/Nico Collins/),
    );
    await user.click(screen.getByRole('button', { name: 'Analyze trade' }));
    await screen.findByRole('table', { name: 'What the trade does for you and for Ron' });
    expect(screen.getByText(/^No projection this week/).textContent).toBe(
      'No projection this week for Nico Collins (WR): the figures count him at the position’s average.',
    );
  });

  it('shows the server’s refusal of a trade', async () => {
    fakeServer({
      'GET /trpc/auth.me': signedIn,
      'GET /trpc/leagues.details': () => trpcData(testLeague()),
      'POST /trpc/trades.analyze': () =>
        trpcError(400, 'VALIDATION_ERROR', 'Nico Collins is not on the roster of team 2.'),
    });
    renderApp(PAGE);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Trade with'), '2');
    await user.click(within(screen.getByRole('group', { name: /You give/ })).getByLabelText(/Josh Allen/));
    await user.click(
      within(screen.getByRole('group', { name: /You get from Ron/ })).getByLabelText(/Nico Collins/),
    );
    await user.click(screen.getByRole('button', { name: 'Analyze trade' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Nico Collins is not on the roster of team 2.',
    );
  });

  it('takes at most three players from one side', async () => {
    fakeServer({
      'GET /trpc/auth.me': signedIn,
      'GET /trpc/leagues.details': () => trpcData(testLeague()),
    });
    renderApp(PAGE);
    const user = userEvent.setup();
    const give = await screen.findByRole('group', { name: /You give/ });
    for (const name of [/Josh Allen/, /Breece Hall/, /CeeDee Lamb/])
      await user.click(within(give).getByLabelText(name));
    expect(within(give).getByLabelText(/Isiah Pacheco/)).toHaveProperty('disabled', true);
  });
});
