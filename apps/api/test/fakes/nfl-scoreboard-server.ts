import { type FakeServer, startFakeServer } from './fake-http.js';
import { readFixture } from './fixtures.js';

type Json = Record<string, any>;

/** ESPN's scoreboard recorded during 2022 week 11 (8 games in progress, 4 scheduled, 1 final). */
export const recordedScoreboard = (): Json => readFixture('espn/nfl_scoreboard_2022_week11_live.json');

export interface FakeNflScoreboard extends FakeServer {
  /** The answer to every `GET /scoreboard` from now on. */
  setAnswer(answer: Json): void;
}

/** A local stand-in for ESPN's public NFL scoreboard; failures are injected with `failNext`. */
export async function startFakeNflScoreboard(
  answer: Json = recordedScoreboard(),
): Promise<FakeNflScoreboard> {
  let current = answer;
  const server = await startFakeServer((_request, url) =>
    url.pathname === '/scoreboard' ? { status: 200, body: current } : { status: 404, rawBody: 'not found' },
  );
  return {
    ...server,
    setAnswer(next) {
      current = next;
    },
  };
}

export interface ReplayedGame {
  home: string;
  away: string;
  /** ESPN's type.state. */
  state: 'pre' | 'in' | 'post';
  period?: number;
  /** Seconds left in the period. */
  clock?: number;
  name?: string;
  description?: string;
  homeScore?: number;
  awayScore?: number;
  kickoff?: string;
}

/** Where a replayed game stands: not started, at the first snap (15:00 of the 1st quarter), at the half, over. */
export type GameMoment = 'scheduled' | 'first-snap' | 'halftime' | 'over';

/** The score of every replayed game (home, away): 14–7 at the half, 24–17 at the final whistle. */
export const HALFTIME_SCORE = { home: 14, away: 7 } as const;
export const FINAL_SCORE = { home: 24, away: 17 } as const;

/** A game as the scoreboard shows it at `moment`, kicking off at `kickoff`. */
export function gameAtMoment(home: string, away: string, moment: GameMoment, kickoff: Date): ReplayedGame {
  const date = kickoff.toISOString();
  switch (moment) {
    case 'scheduled':
      return { home, away, state: 'pre', kickoff: date };
    case 'first-snap':
      return { home, away, state: 'in', period: 1, clock: 900, kickoff: date };
    case 'halftime':
      return {
        home,
        away,
        state: 'in',
        period: 2,
        clock: 0,
        name: 'STATUS_HALFTIME',
        description: 'Halftime',
        homeScore: HALFTIME_SCORE.home,
        awayScore: HALFTIME_SCORE.away,
        kickoff: date,
      };
    case 'over':
      return {
        home,
        away,
        state: 'post',
        homeScore: FINAL_SCORE.home,
        awayScore: FINAL_SCORE.away,
        kickoff: date,
      };
  }
}

/** A scoreboard answer in ESPN's shape for the given games (teams in ESPN's abbreviations, e.g. WSH). */
export function scoreboardAnswer(games: readonly ReplayedGame[]): Json {
  return {
    events: games.map((game, index) => {
      const status = {
        clock: game.clock ?? (game.state === 'pre' ? 900 : 0),
        displayClock: formatClock(game.clock ?? (game.state === 'pre' ? 900 : 0)),
        period: game.period ?? (game.state === 'post' ? 4 : 1),
        type: {
          name: game.name ?? STATUS_NAMES[game.state],
          state: game.state,
          completed: game.state === 'post',
          description: game.description ?? DESCRIPTIONS[game.state],
        },
      };
      return {
        id: String(401_000_000 + index),
        date: game.kickoff ?? '2025-09-07T17:00Z',
        status,
        competitions: [
          {
            status,
            competitors: [
              { homeAway: 'home', score: String(game.homeScore ?? 0), team: { abbreviation: game.home } },
              { homeAway: 'away', score: String(game.awayScore ?? 0), team: { abbreviation: game.away } },
            ],
          },
        ],
      };
    }),
  };
}

const STATUS_NAMES = { pre: 'STATUS_SCHEDULED', in: 'STATUS_IN_PROGRESS', post: 'STATUS_FINAL' } as const;
const DESCRIPTIONS = { pre: 'Scheduled', in: 'In Progress', post: 'Final' } as const;

function formatClock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
