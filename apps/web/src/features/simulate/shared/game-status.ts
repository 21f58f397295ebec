import type { LeagueDetails } from './league-details';

export type WeekGame = LeagueDetails['games'][number];

/** Regulation has four quarters; a period beyond them is overtime. */
const REGULATION_PERIODS = 4;

const KICKOFF_FORMAT = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * A kickoff in the viewer's time, short enough for a phone's one-line meta: "1:00p" today, "Mon 8:15p" on
 * another day.
 */
export function kickoffText(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    KICKOFF_FORMAT.formatToParts(at).find((entry) => entry.type === type)?.value ?? '';
  const time = `${part('hour')}:${part('minute')}${part('dayPeriod').charAt(0).toLowerCase()}`;
  return at.toDateString() === now.toDateString() ? time : `${part('weekday')} ${time}`;
}

/** A team's game of the answer's week; undefined when it has none (bye) or the week's games are unknown. */
export function teamGame(details: Pick<LeagueDetails, 'games'>, team: string): WeekGame | undefined {
  const code = team.toUpperCase();
  return details.games.find((game) => game.home_team === code || game.away_team === code);
}

/** A game as one team sees it: its opponent ("KC", "@ KC") and the score, its own points first. */
export interface TeamSideOfGame {
  opponent: string;
  isHome: boolean;
  /** Null before kickoff, or when the scoreboard did not say (an estimated clock, a closed week). */
  score: { own: number; opponent: number } | null;
}

export function sideOfGame(game: WeekGame, team: string): TeamSideOfGame {
  const isHome = game.home_team === team.toUpperCase();
  const own = isHome ? game.home_score : game.away_score;
  const opponent = isHome ? game.away_score : game.home_score;
  return {
    opponent: isHome ? game.away_team : game.home_team,
    isHome,
    score: own === null || opponent === null ? null : { own, opponent },
  };
}

/** "Q2", "OT", "2OT". */
function periodName(period: number): string {
  if (period <= REGULATION_PERIODS) return `Q${period}`;
  const overtime = period - REGULATION_PERIODS;
  return overtime === 1 ? 'OT' : `${overtime}OT`;
}

/**
 * Where a game stands in a few characters, as box scores say it: "Sun 1:00p" before kickoff, "Q2 4:31",
 * "Half", "End Q1", "OT 3:10" while it is played, "Final" (or "Final/OT") once over, "Postponed", "Cancelled".
 * While a clock is only estimated from the kickoff time, "Playing".
 */
export function gameClockText(game: WeekGame): string {
  switch (game.state) {
    case 'postponed':
      return 'Postponed';
    case 'cancelled':
      return 'Cancelled';
    case 'final':
      return game.period !== null && game.period > REGULATION_PERIODS ? 'Final/OT' : 'Final';
    case 'pre':
      return game.kickoff ? kickoffText(game.kickoff) : 'Not started';
    case 'in': {
      const description = game.description?.toLowerCase() ?? '';
      if (description.includes('halftime')) return 'Half';
      if (game.period === null) return 'Playing';
      if (description.startsWith('end of')) return `End ${periodName(game.period)}`;
      return game.clock ? `${periodName(game.period)} ${game.clock}` : periodName(game.period);
    }
  }
}

/** "14–7": a team's score first, its opponent's second. */
export function scoreText(score: { own: number; opponent: number }): string {
  return `${score.own}–${score.opponent}`;
}

/**
 * A team's game in one phrase, for titles and wide screens: "Q2 4:31 · BUF 14–7 KC", "Final 24–17 vs KC",
 * "Sun 1:00 PM @ KC".
 */
export function gameSummaryText(game: WeekGame, team: string): string {
  const side = sideOfGame(game, team);
  const versus = side.isHome ? `vs ${side.opponent}` : `@ ${side.opponent}`;
  const clock = gameClockText(game);
  if (!side.score) return `${clock} ${versus}`;
  return game.state === 'final'
    ? `${clock} ${scoreText(side.score)} ${versus}`
    : `${clock} · ${team.toUpperCase()} ${side.score.own}–${side.score.opponent} ${side.opponent}`;
}
