import { isOutStatus, type NflGameState, type PlayerGame } from '@fm/engine';

/** What decides a rostered player's game state: his team's game of the week and his injury status. */
export interface PlayerGameFacts {
  /** His team's game this week; null when the team has none (bye) or is unknown. */
  game: { state: NflGameState; fractionRemaining: number } | null;
  /** His team has no game among the week's games held (the engine's `hasNoGameInWeek`). */
  hasNoGameInWeek: boolean;
  /** His team's bye week, when known (used when the week's games are not). */
  byeWeek: number | null;
  week: number;
  isWeekComplete: boolean;
  /**
   * Every game of the week is over (final or cancelled), though the platform may not call the week complete yet:
   * nobody can score any more, also a player whose game we do not know (a free agent).
   */
  isEveryGameOver: boolean;
  injuryStatus: string | null | undefined;
  /** Points recorded so far this week in the league's scoring; null when none are recorded. */
  recordedPoints: number | null;
}

/** A player's game state, points and share of his game left, as the wire and the engine carry them. */
export interface PlayerGameAnswer {
  state: PlayerGame['state'];
  /** Null only for a finished game with nothing recorded. */
  points: number | null;
  fractionRemaining: number;
}

/**
 * pre / in / final / bye / out for one player. A finished week (or one whose games are all over) is final for
 * everyone with a game, or whose game is unknown; a cancelled game
 * counts as no game (bye); a postponed one is still to be played (pre). A ruled-out player is out: at 0 before his
 * game kicks off, at the points he already has once it has (a player hurt during his game keeps them), and final
 * at them once it is over, whatever his status.
 */
export function playerGameOf(facts: PlayerGameFacts): PlayerGameAnswer {
  const points = facts.recordedPoints;
  const hasNoGame =
    facts.game?.state === 'cancelled' ||
    (facts.game === null && (facts.hasNoGameInWeek || facts.byeWeek === facts.week));
  if (hasNoGame) return { state: 'bye', points: 0, fractionRemaining: 0 };
  const state = facts.isWeekComplete || facts.isEveryGameOver ? 'final' : (facts.game?.state ?? 'pre');
  if (state === 'final') return { state: 'final', points, fractionRemaining: 0 };
  if (isOutStatus(facts.injuryStatus)) {
    const hasKickedOff = facts.game?.state !== 'pre' && facts.game?.state !== 'postponed';
    return { state: 'out', points: hasKickedOff ? (points ?? 0) : 0, fractionRemaining: 0 };
  }
  if (state === 'in') {
    return { state: 'in', points: points ?? 0, fractionRemaining: facts.game?.fractionRemaining ?? 1 };
  }
  return { state: 'pre', points: points ?? 0, fractionRemaining: 1 };
}

/** Whether no game of the week can still be played: one rule for the server and the browser. */
export { isEveryGameOver } from '@fm/contract';

/** The engine's view of it (a finished game with nothing recorded scored 0). */
export function toEngineGame(answer: PlayerGameAnswer): PlayerGame {
  return { state: answer.state, points: answer.points ?? 0, fractionRemaining: answer.fractionRemaining };
}
