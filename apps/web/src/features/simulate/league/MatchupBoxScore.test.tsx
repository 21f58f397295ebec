import { isGameLocked, playerGame, sideStarters } from '@fm/contract';
import { simulateMatchup } from '@fm/engine';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LeagueDetails, LeaguePlayer } from '../shared/league-details';
import { previewMatchupInput } from '../shared/matchup-inputs';
import type { EnginePreview } from '../shared/use-engine-preview';
import { actualPointsOf, isMatchupOver, playProgressOf, teamBoxScore } from './box-score';
import { expectedPointsOf } from './matchup-players';
import { HeadToHead } from './HeadToHead';
import { MatchupBoxScore } from './MatchupBoxScore';
import { sideLineup } from './side-lineup';

type Game = LeagueDetails['games'][number];

const player = (
  player_id: string,
  name: string,
  position: string,
  team: string,
  game: Partial<LeaguePlayer> = {},
): LeaguePlayer =>
  ({
    player_id,
    name,
    position,
    team,
    injury_status: null,
    game_state: 'pre',
    points: 0,
    fraction_remaining: 1,
    ...game,
  }) as LeaguePlayer;

const game = (home: string, away: string, overrides: Partial<Game> = {}): Game => ({
  home_team: home,
  away_team: away,
  state: 'pre',
  fraction_remaining: 1,
  period: null,
  clock: null,
  description: null,
  home_score: null,
  away_score: null,
  kickoff: '2025-11-09T18:00:00.000Z',
  clock_source: 'scoreboard',
  ...overrides,
});

const projection = (team: string, opponent: string, mean: number) => ({
  mean,
  std: mean / 3,
  p10: null,
  p50: null,
  p90: null,
  team,
  opponent,
  source: 'model',
  is_league_scored: true,
  depth_rank: 1,
});

function details(
  mine: LeaguePlayer[],
  theirs: LeaguePlayer[],
  overrides: Partial<LeagueDetails> = {},
): LeagueDetails {
  const roster = (roster_id: number, owner_name: string, starters: LeaguePlayer[]) => ({
    roster_id,
    owner_id: `o${roster_id}`,
    owner_name,
    owner_avatar: '',
    wins: 0,
    losses: 0,
    ties: 0,
    fpts: 0,
    fpts_against: 0,
    players: { starters, bench: [], reserve: [] },
  });
  return {
    platform: 'sleeper',
    league: {
      league_id: 'L1',
      name: 'League',
      total_rosters: 2,
      season: '2025',
      status: 'in_season',
      roster_positions: ['QB', 'RB', 'WR'],
      scoring_settings: { rec: 1 },
      settings: {
        num_teams: 2,
        playoff_teams: null,
        playoff_week_start: null,
        league_average_match: 0,
        league_type: null,
        start_week: null,
      },
      avatar: null,
    },
    week: 10,
    is_week_complete: false,
    my_roster_id: 1,
    rosters: [roster(1, 'Bovco Country', mine), roster(2, 'Rival Ron', theirs)],
    matchups: [
      {
        matchup_id: 1,
        roster_id: 1,
        points: 0,
        players_points: {},
        starters: mine.map((p) => p.player_id),
      },
      {
        matchup_id: 1,
        roster_id: 2,
        points: 0,
        players_points: {},
        starters: theirs.map((p) => p.player_id),
      },
    ],
    projections: {
      q1: projection('BUF', 'KC', 22),
      r1: projection('DET', '@GB', 15),
      w1: projection('MIA', 'NYJ', 12),
      q2: projection('KC', '@BUF', 20),
      r2: projection('GB', 'DET', 14),
      w2: projection('NYJ', '@MIA', 11),
    },
    app_player_ids: {},
    stats_points: {},
    scoring_from: 'league',
    data_as_of: '2025-11-09T20:00:00.000Z',
    is_stale: false,
    projections_freshness: null,
    games: [],
    live: { clock_source: 'scoreboard', scores_updated_at: null, paused_since: null },
    ...overrides,
  } as LeagueDetails;
}

/** The page's own pieces, as LeagueSimulator puts them together, with the engine's real run of the line-ups. */
function renderMatchup(answer: LeagueDetails) {
  const sides = [1, 2].map((rosterId) => ({
    rosterId,
    starterIds: answer.matchups.find((m) => m.roster_id === rosterId)!.starters,
  }));
  const [user, opponent] = sides as [(typeof sides)[0], (typeof sides)[0]];
  const input = previewMatchupInput(answer, user, opponent)!;
  const result = simulateMatchup(input);
  const preview: EnginePreview<'matchup'> = { status: 'completed', result, error: null };
  const box = (side: typeof user) => teamBoxScore(answer, side.rosterId, sideStarters(answer, side));
  const isOver = isMatchupOver(answer);
  const positions = answer.league.roster_positions;
  const shownFor = (side: 'user' | 'opponent', p: LeaguePlayer) => {
    const rosterId = side === 'user' ? 1 : 2;
    return {
      ...expectedPointsOf(answer, rosterId, p),
      actual: actualPointsOf(answer, rosterId, p),
      progress: playProgressOf(answer, rosterId, p),
    };
  };
  const boxes = { user: box(user), opponent: box(opponent) };
  render(
    <>
      <MatchupBoxScore
        preview={preview}
        user={{ name: 'Bovco Country', box: boxes.user, projected: result.user.mean }}
        opponent={{ name: 'Rival Ron', box: boxes.opponent, projected: result.opponent.mean }}
        isOver={isOver}
        platformName="Sleeper"
        blockedReason={null}
      />
      <HeadToHead
        details={answer}
        userName="Bovco Country"
        opponentName="Rival Ron"
        user={sideLineup(answer, user, positions)}
        opponent={sideLineup(answer, opponent, positions)}
        shownFor={shownFor}
        totals={{
          user: { points: boxes.user.points, projected: result.user.mean, isOver },
          opponent: { points: boxes.opponent.points, projected: result.opponent.mean, isOver },
        }}
        canMove={(p) => !isOver && !isGameLocked(answer, p, playerGame(answer, 1, p))}
        {...(isOver ? {} : { onBench: () => {} })}
      />
    </>,
  );
  return { result };
}

/** A player's cell by his whole name (its first name sits in its own span, to shrink on a phone). */
const cellOf = (name: string) =>
  [...document.querySelectorAll('.player-cell')].find(
    (cell) => cell.querySelector('.player-cell__name')?.textContent === name,
  ) as HTMLElement;

describe('the league page as a box score', () => {
  it('at halftime: both teams’ points on the board, who is playing, each game’s clock and score', () => {
    const answer = details(
      [
        player('q1', 'Josh Allen', 'QB', 'BUF', { game_state: 'in', points: 12.4, fraction_remaining: 0.5 }),
        player('r1', 'Jahmyr Gibbs', 'RB', 'DET', {
          game_state: 'final',
          points: 21.3,
          fraction_remaining: 0,
        }),
        player('w1', 'Tyreek Hill', 'WR', 'MIA'),
      ],
      [
        player('q2', 'Patrick Mahomes', 'QB', 'KC', { game_state: 'in', points: 8, fraction_remaining: 0.5 }),
        player('r2', 'Josh Jacobs', 'RB', 'GB', { game_state: 'final', points: 9.5, fraction_remaining: 0 }),
        player('w2', 'Garrett Wilson', 'WR', 'NYJ'),
      ],
      {
        games: [
          game('BUF', 'KC', {
            state: 'in',
            fraction_remaining: 0.5,
            period: 2,
            clock: '0:00',
            description: 'Halftime',
            home_score: 14,
            away_score: 7,
          }),
          game('GB', 'DET', {
            state: 'final',
            fraction_remaining: 0,
            period: 4,
            home_score: 17,
            away_score: 24,
          }),
          game('MIA', 'NYJ'),
        ],
      },
    );
    const { result } = renderMatchup(answer);
    const score = screen.getByRole('region', { name: 'Score' });
    expect(within(score).getByTestId('score-user').textContent).toBe('33.7');
    expect(within(score).getByTestId('score-opponent').textContent).toBe('17.5');
    expect(within(score).getAllByText('1 to play · 1 playing · 1 done')).toHaveLength(2);
    expect(within(score).getByTestId('preview-win-probability').textContent).toBe(
      `${(result.winProbability * 100).toFixed(1)}%`,
    );
    expect(within(score).getByTestId('preview-user-points').textContent).toBe(result.user.mean.toFixed(1));
    // the two sides read p and 100 − p from one rounded figure
    const chances = [
      within(score).getByTestId('preview-win-probability'),
      score.querySelector('.box-score__them-chance')!,
    ].map((node) => Number(node.textContent!.replace('%', '')));
    expect(Math.round((chances[0]! + chances[1]!) * 10)).toBe(1000);

    // per player: his points big, his game in one line, his projection small
    const allen = cellOf('Josh Allen');
    expect(allen.querySelector('.player-cell__points')!.textContent).toBe('12.4');
    expect(allen.querySelector('.player-cell__meta')!.textContent).toBe('QB · BUF · Half · 14–7 vs KC');
    expect(allen.querySelector('.player-cell__projection')!.textContent).toMatch(/^proj \d+\.\d$/);
    expect(cellOf('Jahmyr Gibbs').querySelector('.player-cell__meta')!.textContent).toBe(
      'RB · DET · Final · 24–17 @ GB',
    );
    const hill = cellOf('Tyreek Hill');
    expect(hill.querySelector('.player-cell__points')!.textContent).toBe('–');
    expect(hill.querySelector('.player-cell__meta')!.textContent).toMatch(
      /^WR · MIA · Sun \d{1,2}:00[ap] · vs NYJ$/,
    );
    // the whole name is there to be read, its first name ready to shrink to an initial on a phone
    expect(allen.querySelector('.player-cell__name')!.textContent).toBe('Josh Allen');
    expect(allen.querySelector('.player-cell__first')!.getAttribute('data-initial')).toBe('J.');
    // only a player whose game has not started can still be benched
    expect(screen.getByRole('button', { name: 'Bench Tyreek Hill' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bench Josh Allen' })).toBeNull();
  });

  it('once every game is over: the result in a loss colour, no win probability and no Bench', () => {
    const over = { game_state: 'final' as const, fraction_remaining: 0 };
    const answer = details(
      [
        player('q1', 'Josh Allen', 'QB', 'BUF', { ...over, points: 30.2 }),
        player('r1', 'Jahmyr Gibbs', 'RB', 'DET', { ...over, points: 40.1 }),
        player('w1', 'Tyreek Hill', 'WR', 'MIA', { ...over, points: 16.4 }),
      ],
      [
        player('q2', 'Patrick Mahomes', 'QB', 'KC', { ...over, points: 60 }),
        player('r2', 'Josh Jacobs', 'RB', 'GB', { ...over, points: 42.5 }),
        player('w2', 'Garrett Wilson', 'WR', 'NYJ', { ...over, points: 30 }),
      ],
      {
        games: [
          game('BUF', 'KC', {
            state: 'final',
            fraction_remaining: 0,
            period: 4,
            home_score: 10,
            away_score: 31,
          }),
          game('GB', 'DET', {
            state: 'final',
            fraction_remaining: 0,
            period: 4,
            home_score: 17,
            away_score: 24,
          }),
          game('MIA', 'NYJ', { state: 'cancelled', fraction_remaining: 0 }),
        ],
      },
    );
    renderMatchup(answer);
    const result = screen.getByTestId('final-score');
    expect(result.textContent).toBe('Final 86.7 – 132.5 · You lost by 45.8');
    expect(result.className).toContain('box-score__result--lost');
    expect(screen.queryByText('Win probability')).toBeNull();
    expect(screen.queryByTestId('preview-win-probability')).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Bench / })).toEqual([]);
    expect(screen.getAllByText('all done')).toHaveLength(2);
  });

  it('a closed week: one final made of the platform’s per-player points, a credited bye included, and differences said in words', () => {
    const over = { game_state: 'final' as const, fraction_remaining: 0 };
    const answer = details(
      [
        player('q1', 'Josh Allen', 'QB', 'BUF', { ...over, points: 51.9, injury_status: 'Sus' }),
        player('r1', 'Jahmyr Gibbs', 'RB', 'DET', { game_state: 'bye', points: 0, fraction_remaining: 0 }),
        player('w1', 'Tyreek Hill', 'WR', 'FA', { ...over, points: 12 }),
      ],
      [
        player('q2', 'Patrick Mahomes', 'QB', 'KC', { ...over, points: 20 }),
        player('r2', 'Josh Jacobs', 'RB', 'GB', { ...over, points: 10 }),
        player('w2', 'Garrett Wilson', 'WR', 'NYJ', { ...over, points: 5 }),
      ],
      { is_week_complete: true, games: [game('BUF', 'KC', { state: 'final', fraction_remaining: 0 })] },
    );
    answer.matchups[0]!.players_points = { q1: 6.7, r1: 8, w1: 12 };
    answer.matchups[0]!.points = 26.7;
    answer.matchups[1]!.players_points = { q2: 20, r2: 10, w2: 5 };
    // the platform's official score counts a starter this roster no longer has
    answer.matchups[1]!.points = 47.3;
    answer.stats_points = { q1: 51.9 };
    renderMatchup(answer);

    expect(screen.getByTestId('final-score').textContent).toBe('Final 26.7 – 35.0 · You lost by 8.3');
    expect(screen.getByText('Sleeper official: 47.3')).toBeTruthy();
    const allen = cellOf('Josh Allen');
    // the official points, marked; our scoring of his stats said in words under the table, never as the small
    // figure that means a projection elsewhere
    expect(allen.querySelector('.player-cell__points')!.textContent).toBe('6.7†');
    expect(allen.querySelector('.player-cell__points')!.getAttribute('title')).toMatch(/official points/);
    expect(allen.querySelector('.player-cell__projection')!.textContent).toBe('');
    expect(screen.getByTestId('our-scoring-note').textContent).toBe(
      '† The platform’s official points. Scoring their stats with the league’s rules ourselves gives Josh Allen 51.9.',
    );
    // today's suspension says nothing of that week
    expect(allen.querySelector('.injury-tag')).toBeNull();
    const gibbs = cellOf('Jahmyr Gibbs');
    expect(gibbs.querySelector('.player-cell__points')!.textContent).toBe('8.0');
    expect(gibbs.querySelector('.player-cell__meta')!.textContent).toBe('RB · DET · Bye');
    // a free agent today: no team rather than "FA" for a week he played in
    expect(cellOf('Tyreek Hill').querySelector('.player-cell__meta')!.textContent).toBe('WR');
    // the line-ups' totals are the header's
    const totals = screen.getAllByRole('row').at(-1)!;
    expect(
      within(totals)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['26.7', '35.0']);
  });
});
