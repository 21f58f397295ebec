import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fakeServer,
  sessionUser,
  SIGNED_OUT,
  trpcData,
  trpcError,
  type FakeAnswer,
} from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { defaultPreferences } from '../preferences/preferences-defaults';
import { savePreferences } from '../preferences/preferences-store';

afterEach(() => vi.unstubAllGlobals());

const PAGE_LOAD = { timeout: 5_000 };
const WEEKS = { seasons: [{ season: 2025, weeks: [10, 11, 12] }], latest: { season: 2025, week: 12 } };

function row(name: string, overrides: Record<string, unknown> = {}) {
  return {
    player_id: String(name.length),
    player_name: name,
    position: 'WR',
    team: 'BAL',
    opponent: '@CLE',
    week: 12,
    season: 2025,
    pred_mean: 14.2,
    pred_std: 5.1,
    p10: 6.3,
    p50: 13.6,
    p90: 22.8,
    boom_chance: 0.27,
    bust_chance: 0.12,
    status: null,
    status_reason: null,
    is_out: false,
    scoring: 'ppr',
    source: 'model',
    model_version: 'v1',
    ...overrides,
  };
}

/** One page of projections, as the projections procedures answer. */
function listing(
  rows: unknown[],
  pagination = { page: 1, limit: 50, total: rows.length, totalPages: rows.length ? 1 : 0 },
) {
  return {
    data: rows,
    pagination,
    week: 12,
    season: 2025,
    thresholds: { boom: {}, bust: {} },
    scoring: 'ppr',
  };
}

const page = (...args: Parameters<typeof listing>) => trpcData(listing(...args));

const ME = (user: ReturnType<typeof sessionUser> | null) =>
  user ? () => trpcData({ data: user }) : SIGNED_OUT;

type ProcedureInput = Record<string, unknown> | undefined;

function serve(
  list: (input: ProcedureInput) => FakeAnswer,
  user: ReturnType<typeof sessionUser> | null = null,
) {
  return fakeServer({
    'GET /trpc/auth.me': ME(user),
    'GET /trpc/projections.availableWeeks': () => trpcData(WEEKS),
    'GET /trpc/projections.publicList': ({ body }) => list(body),
    'GET /trpc/projections.list': ({ body }) => list(body),
  });
}

describe('the projections page', () => {
  it('shows a visitor the latest week from the public path, sending no team or week until chosen', async () => {
    const server = serve(() =>
      page([
        row('Zay Flowers'),
        row('Derrick Henry', { position: 'RB', p10: null, p90: null, source: 'nflcom' }),
      ]),
    );
    renderApp('/projections');
    const table = await screen.findByRole('table', { name: 'Projected PPR points' }, PAGE_LOAD);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Zay Flowers')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('14.2');
    expect(rows[1]!.textContent).toContain('6.3–22.8');
    expect(rows[1]!.textContent).toContain('27 %');
    expect(within(rows[2]!).getByText('NFL.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'How the numbers are made' }).getAttribute('href')).toBe(
      '/methodology',
    );
    expect(server.callsTo('projections.list')).toHaveLength(0);
    expect(server.callsTo('projections.publicList')[0]!.body).toEqual({
      scope: 'all',
      page: 1,
      limit: 50,
      scoring: 'ppr',
    });
  });

  it('sends the chosen team, position and week, and drops the team again for All teams', async () => {
    const server = serve((input) => page([row(`Player ${String(input?.team ?? 'any')}`)]));
    renderApp('/projections');
    await screen.findByRole('table', {}, PAGE_LOAD);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Team'), 'KC');
    await screen.findByText('Player KC');
    await user.selectOptions(screen.getByLabelText('Position'), 'TE');
    await user.selectOptions(screen.getByLabelText('Week'), '2025-10');
    await waitFor(() =>
      expect(server.callsTo('projections.publicList').at(-1)!.body).toEqual({
        scope: 'te',
        page: 1,
        limit: 50,
        scoring: 'ppr',
        team: 'KC',
        season: 2025,
        week: 10,
      }),
    );
    await user.selectOptions(screen.getByLabelText('Team'), 'ALL');
    await waitFor(() =>
      expect(server.callsTo('projections.publicList').at(-1)!.body).toEqual({
        scope: 'te',
        page: 1,
        limit: 50,
        scoring: 'ppr',
        season: 2025,
        week: 10,
      }),
    );
  });

  it('pages through the list', async () => {
    const server = serve((input) =>
      page([row(`Player on page ${String(input?.page)}`)], {
        page: Number(input?.page),
        limit: 50,
        total: 120,
        totalPages: 3,
      }),
    );
    renderApp('/projections');
    expect(await screen.findByText('Player on page 1', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByText(/Page 1 of 3/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Player on page 2')).toBeTruthy();
    // the new page starts at its first player: the results take the focus, not the Next button
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Projections, page/);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
    expect(server.callsTo('projections.publicList').at(-1)!.body).toMatchObject({ page: 2 });
  });

  it('says so when nothing matches, and offers a retry when loading fails', async () => {
    let fail = true;
    serve(() => (fail ? trpcError(500, 'INTERNAL_ERROR', 'Something went wrong on our side.') : page([])));
    renderApp('/projections');
    expect(await screen.findByText(/could not be loaded/, {}, PAGE_LOAD)).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No projections found' })).toBeTruthy();
  });

  it('uses the signed-in path for a signed-in user, and /rankings leads here', async () => {
    const server = serve(() => page([row('Josh Allen', { position: 'QB' })]), sessionUser());
    const { router } = renderApp('/rankings');
    expect(await screen.findByText('Josh Allen', {}, PAGE_LOAD)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projections');
    expect(server.callsTo('projections.list')).toHaveLength(1);
    expect(server.callsTo('projections.publicList')).toHaveLength(0);
  });

  it('keeps a favorite star per player', async () => {
    serve(() => page([row('Zay Flowers')]));
    renderApp('/projections');
    const star = await screen.findByRole('button', { name: 'Add Zay Flowers to favorites' }, PAGE_LOAD);
    await userEvent.setup().click(star);
    expect(
      screen.getByRole('button', { name: 'Remove Zay Flowers from favorites' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('opens on the saved default filters, lets the user leave them, and saves new ones', async () => {
    const saved = defaultPreferences();
    savePreferences({
      ...saved,
      defaultFilters: { ...saved.defaultFilters, positions: ['wr'], teams: ['KC'] },
    });
    const server = serve((input) => page([row(`Player ${String(input?.scope)}`)]));
    const { router } = renderApp('/projections');
    await screen.findByRole('table', {}, PAGE_LOAD);
    expect(server.callsTo('projections.publicList')[0]!.body).toMatchObject({ scope: 'wr', team: 'KC' });
    expect(screen.getByText('Opens on: WR, KC, PPR.')).toBeTruthy();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Position'), 'ALL');
    await waitFor(() => expect(router.state.location.search).toBe('?position=ALL'));
    await waitFor(() =>
      expect(server.callsTo('projections.publicList').at(-1)!.body).toMatchObject({
        scope: 'all',
        team: 'KC',
      }),
    );
    await user.selectOptions(screen.getByLabelText('Scoring'), 'half');
    await user.click(screen.getByRole('button', { name: 'Open on all positions, KC, Half-PPR next time' }));
    expect(await screen.findByText('Opens on: all positions, KC, Half-PPR.')).toBeTruthy();
    const stored = JSON.parse(localStorage.getItem('fm_preferences')!);
    expect(stored.defaultFilters).toMatchObject({ positions: [], teams: ['KC'] });
    expect(stored.leagueSettings.scoringType).toBe('half');
  });

  it("offers a signed-in user's leagues as scorings: a league's own scoring is asked for and named", async () => {
    const league = { league_id: '1260643183704932352', name: 'You Get in the Bowl' };
    const server = fakeServer({
      'GET /trpc/auth.me': ME(sessionUser()),
      'GET /trpc/projections.availableWeeks': () => trpcData(WEEKS),
      'GET /trpc/projections.list': ({ body: input }) =>
        input?.league
          ? trpcData({
              ...listing([row('Zay Flowers', { pred_mean: 11.5, scoring: 'league' })]),
              scoring: 'league',
              league: { platform: 'sleeper', ...league },
            })
          : page([row('Zay Flowers')]),
      'GET /trpc/leagues.list': () =>
        trpcData({
          data: {
            sleeper: [
              {
                ...league,
                total_rosters: 10,
                season: '2025',
                status: 'in_season',
                avatar: null,
                platform: 'sleeper',
                username: 'e2e_manager',
              },
            ],
            yahoo: [],
            espn: [],
          },
          season: '2025',
          errors: [],
        }),
      'GET /trpc/user.scoringPreference': () => trpcData({ data: { scoring: 'ppr' } }),
    });
    renderApp('/projections');
    await screen.findByRole('table', { name: 'Projected PPR points' }, PAGE_LOAD);
    const scoring = screen.getByLabelText('Scoring');
    await within(scoring).findByRole('option', { name: 'You Get in the Bowl (Sleeper)' });
    await userEvent.setup().selectOptions(scoring, `league:sleeper:${league.league_id}`);
    const table = await screen.findByRole('table', { name: 'Projected You Get in the Bowl points' });
    expect(table.textContent).toContain('11.5');
    expect(screen.getByText(/You Get in the Bowl scoring/)).toBeTruthy();
    const asked = server.callsTo('projections.list').at(-1)!.body!;
    expect(asked.league).toBe(`sleeper:${league.league_id}`);
    expect(asked).not.toHaveProperty('scoring');
  });

  it("takes the account's saved scoring at sign-in, and sends a new default scoring to the account", async () => {
    const server = fakeServer({
      'GET /trpc/auth.me': ME(sessionUser()),
      'GET /trpc/projections.availableWeeks': () => trpcData(WEEKS),
      'GET /trpc/projections.list': ({ body: input }) =>
        trpcData({ ...listing([row('Zay Flowers')]), scoring: String(input?.scoring ?? 'ppr') }),
      'GET /trpc/leagues.list': () =>
        trpcData({ data: { sleeper: [], yahoo: [], espn: [] }, season: '2025', errors: [] }),
      'GET /trpc/user.scoringPreference': () => trpcData({ data: { scoring: 'std' } }),
      'POST /trpc/user.setScoringPreference': ({ body: input }) =>
        trpcData({ data: { scoring: input?.scoring } }),
    });
    renderApp('/projections');
    await screen.findByRole('table', { name: 'Projected Standard points' }, PAGE_LOAD);
    expect(JSON.parse(localStorage.getItem('fm_preferences')!).leagueSettings.scoringType).toBe('std');
    expect(server.callsTo('user.setScoringPreference')).toHaveLength(0);

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Scoring'), 'half');
    await user.click(await screen.findByRole('button', { name: /Half-PPR next time$/ }));
    await waitFor(() =>
      expect(server.callsTo('user.setScoringPreference').at(-1)?.body).toEqual({ scoring: 'half' }),
    );
  }, 15_000);

  it('shows the opponent, BYE on a bye week, and a dash when the schedule is unknown', async () => {
    serve(() =>
      page([
        row('Zay Flowers'),
        row('Bye Receiver', { player_id: 'b', opponent: 'BYE' }),
        row('Unknown Receiver', { player_id: 'u', opponent: null }),
      ]),
    );
    renderApp('/projections');
    const table = await screen.findByRole('table', { name: 'Projected PPR points' }, PAGE_LOAD);
    const [, flowers, bye, unknown] = within(table).getAllByRole('row');
    expect(within(flowers!).getByText('@CLE')).toBeTruthy();
    expect(within(bye!).getByText('BYE').className).toBe('bye-tag');
    expect(within(unknown!).getByLabelText('Opponent unknown')).toBeTruthy();
  });

  it('tags injured players, says why an out player projects 0, and sends the chosen status and scoring', async () => {
    const server = serve((input) => {
      const rows = [
        row('Healthy Starter', { scoring: input?.scoring ?? 'ppr' }),
        row('Quentin Maybe', { player_id: '77', status: 'Q', status_reason: 'Questionable' }),
        row('Oscar Sidelined', {
          player_id: '78',
          status: 'O',
          status_reason: 'Ruled out',
          is_out: true,
          pred_mean: 0,
          p10: 0,
          p50: 0,
          p90: 0,
          bust_chance: 1,
        }),
      ];
      return trpcData({ ...listing(rows), scoring: input?.scoring ?? 'ppr' });
    });
    renderApp('/projections');
    const table = await screen.findByRole('table', { name: 'Projected PPR points' }, PAGE_LOAD);
    const [, , questionable, out] = within(table).getAllByRole('row');
    expect(within(questionable!).getByTitle('Questionable').textContent).toBe('Q (Questionable)');
    expect(within(out!).getByTitle('Ruled out').textContent).toContain('O');
    expect(out!.textContent).toContain('Ruled out: projects 0');
    expect(out!.textContent).not.toContain('100 %');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'out');
    await user.selectOptions(screen.getByLabelText('Scoring'), 'half');
    await waitFor(() =>
      expect(server.callsTo('projections.publicList').at(-1)!.body).toMatchObject({
        status: 'out',
        scoring: 'half',
      }),
    );
    await screen.findByRole('table', { name: 'Projected Half-PPR points' });
  });
});
