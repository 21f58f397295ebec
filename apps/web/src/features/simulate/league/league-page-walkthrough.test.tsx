import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionUser, trpcData } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { FAN_BENCH, FAN_STARTERS, leaguePageLeague } from '../../rest-of-season/ros-test-league';
import type { LeagueDetails, LeaguePlayer } from '../shared/league-details';

afterEach(() => vi.unstubAllGlobals());

const LEAGUE_PAGE = '/simulate/fan/2026/111';
/** The first test also waits for the lazy page's first compile. */
const PAGE_LOAD = { timeout: 15_000 };

const projection = (team: string, mean: number) => ({
  mean,
  std: 4,
  p10: null,
  p50: null,
  p90: null,
  team,
  opponent: 'KC',
  source: 'model',
  is_league_scored: true,
  depth_rank: 1,
});

const benchPlayer = (player_id: string, name: string, position: string, team: string, more = {}) =>
  ({
    player_id,
    name,
    position,
    team,
    injury_status: null,
    bye_week: null,
    game_state: 'pre',
    points: 0,
    fraction_remaining: 1,
    ...more,
  }) as LeaguePlayer;

/** Fan's bench this week: a receiver on a bye, A.J. Brown (questionable), the 49ers' defense, James Conner (IR). */
const BYE_RECEIVER = benchPlayer('wr9', 'Puka Nacua', 'WR', 'LAR', { bye_week: 11, game_state: 'bye' });
const AJ_BROWN = benchPlayer('wr8', 'A.J. Brown', 'WR', 'PHI', { injury_status: 'Questionable' });
const NINERS = benchPlayer('SF', 'San Francisco 49ers', 'DEF', 'SF');
const CONNER = benchPlayer('rb9', 'James Conner', 'RB', 'ARI', { injury_status: 'IR' });
const BEDFORD = benchPlayer('rb8', 'Tank Bigsby', 'RB', 'JAX');

function weekWithBench(overrides: Partial<LeagueDetails> = {}): LeagueDetails {
  const details = leaguePageLeague(overrides);
  const [fan, ...others] = details.rosters;
  return {
    ...details,
    rosters: [
      {
        ...fan!,
        players: {
          ...fan!.players,
          bench: [...FAN_BENCH, BYE_RECEIVER, AJ_BROWN, NINERS, CONNER, BEDFORD],
        },
      },
      ...others,
    ],
  };
}

function openLeague(details: LeagueDetails) {
  fakeServer({
    'GET /trpc/auth.me': () => trpcData({ data: sessionUser() }),
    'GET /trpc/leagues.details': () => trpcData(details),
    'GET /trpc/leagues.timeline': () =>
      trpcData({
        platform: 'sleeper',
        league_id: '111',
        season: 2026,
        week: 11,
        matchup_id: 1,
        roster_ids: null,
        points: [],
      }),
    'GET /trpc/restOfSeason.playoffLeverage': () =>
      trpcData({
        data: [],
        week: 11,
        season: '2026',
        simulations: 10_000,
        data_as_of: new Date().toISOString(),
      }),
  });
  renderApp(LEAGUE_PAGE);
}

const benchCell = (name: string) =>
  within(screen.getByRole('region', { name: 'Your bench' }))
    .getByText((_, element) => element?.className === 'player-cell__name' && element.textContent === name)
    .closest('.player-cell') as HTMLElement;

const ALL_PROJECTED = Object.fromEntries(
  [...FAN_STARTERS, ...FAN_BENCH, AJ_BROWN, NINERS, BEDFORD].map((p) => [
    p.player_id,
    projection(p.team, 9.5),
  ]),
);

describe('the league page, as a walkthrough on a phone found it', { timeout: 20_000 }, () => {
  it('puts the two line-ups right after the score, and the season tables after them', async () => {
    openLeague(weekWithBench({ projections: ALL_PROJECTED }));
    const lineups = await screen.findByRole('table', { name: 'Head-to-head by slot' }, PAGE_LOAD);
    const leverage = await screen.findByRole('heading', { name: 'Playoff leverage, week 11' }, PAGE_LOAD);
    const score = screen.getByRole('region', { name: 'Score' });
    expect(score.compareDocumentPosition(lineups) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(lineups.compareDocumentPosition(leverage) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // nothing but the score stands before the line-ups: choosing other teams comes after them
    const teamChoice = screen.getByLabelText('Opponent');
    expect(lineups.compareDocumentPosition(teamChoice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const bench = screen.getByRole('region', { name: 'Your bench' });
    expect(bench.compareDocumentPosition(leverage) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('offers no Start to a bench player on a bye; the others can start', async () => {
    openLeague(weekWithBench({ projections: ALL_PROJECTED }));
    await screen.findByRole('region', { name: 'Your bench' }, PAGE_LOAD);
    expect(screen.queryByRole('button', { name: 'Start Puka Nacua' })).toBeNull();
    expect(within(benchCell('Puka Nacua')).getByText(/Bye/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Jalen Reed' })).toBeTruthy();
  });

  it('names a team defense by its short name on a phone, keeps "A.J." whole, spaces an injury tag from the team', async () => {
    openLeague(weekWithBench({ projections: ALL_PROJECTED }));
    await screen.findByRole('region', { name: 'Your bench' }, PAGE_LOAD);
    const niners = benchCell('49ersSan Francisco 49ers');
    expect(niners.querySelector('.player-cell__narrow')!.textContent).toBe('49ers');
    expect(niners.querySelector('.player-cell__wide')!.textContent).toBe('San Francisco 49ers');
    const brown = benchCell('A.J. Brown');
    expect(brown.querySelector('.player-cell__first')!.getAttribute('data-initial')).toBe('A.J.');
    expect(brown.querySelector('.player-cell__meta')!.textContent).toBe('WR · PHI Q');
  });

  it('labels the small figure under a player as his projection at every width, and says why a projection is 0', async () => {
    openLeague(
      weekWithBench({
        projections: { ...ALL_PROJECTED, rb9: projection('ARI', 0), rb8: projection('JAX', 0) },
      }),
    );
    await screen.findByRole('region', { name: 'Your bench' }, PAGE_LOAD);
    const reed = benchCell('Jalen Reed').querySelector('.player-cell__projection')!;
    expect(reed.textContent).toBe('proj 9.5');
    // nothing of the label is left to wide screens only
    expect(reed.querySelector('.player-cell__wide')).toBeNull();
    const conner = benchCell('James Conner').querySelector('.player-cell__projection')!;
    expect(conner.textContent).toBe('proj 0.0 IR');
    expect(conner.getAttribute('title')).toBe('On injured reserve: projected 0');
    expect(benchCell('Tank Bigsby').querySelector('.player-cell__projection')!.textContent).toBe(
      'proj 0.0 inactive',
    );
  });

  it('with no projections at all: a banner at the top and no win probability or projected totals', async () => {
    openLeague(weekWithBench({ projections: {} }));
    const banner = await screen.findByText(/^No projections for week 11 yet/, {}, PAGE_LOAD);
    const lineups = screen.getByRole('table', { name: 'Head-to-head by slot' });
    expect(banner.compareDocumentPosition(lineups) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const score = screen.getByRole('region', { name: 'Score' });
    expect(within(score).getByTestId('win-bar-blocked').textContent).toBe(
      'No win probability yet: we have no projections for week 11 yet.',
    );
    expect(within(score).queryByText(/Projected/)).toBeNull();
    expect(screen.queryByTestId('lineup-total-user')).toBeNull();
  });

  it('once the week is over: no Run simulation, and a player who scored is not said to be on a bye', async () => {
    const over = { game_state: 'final', points: 12, fraction_remaining: 0 };
    const details = weekWithBench({ is_week_complete: true, projections: ALL_PROJECTED });
    const [fan, ...others] = details.rosters;
    // his bye week of another season says 11; the answer's game state says he played
    const allen = { ...FAN_STARTERS[0]!, ...over, bye_week: 11 } as LeaguePlayer;
    openLeague({
      ...details,
      rosters: [
        { ...fan!, players: { ...fan!.players, starters: [allen, ...FAN_STARTERS.slice(1)] } },
        ...others,
      ],
    });
    await screen.findByRole('region', { name: 'Your bench' }, PAGE_LOAD);
    expect(screen.queryByRole('button', { name: 'Run simulation' })).toBeNull();
    const cell = [...document.querySelectorAll('.h2h .player-cell')].find(
      (node) => node.querySelector('.player-cell__name')?.textContent === 'Josh Allen',
    )!;
    expect(cell.querySelector('.player-cell__meta')!.textContent).toBe('QB · BUF');
  });
});
