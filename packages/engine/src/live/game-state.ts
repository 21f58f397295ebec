/**
 * Where a player's game stands while the week is played. `pre`: not started, the full projection applies;
 * `in`: under way, his points so far plus the remaining share of his distribution; `final`: over, his points
 * are fixed; `bye`: his team has no game; `out`: ruled out, inactive or on injured reserve: fixed at the points he
 * scored before (0 before kickoff; a player ruled out during his game keeps what he had).
 */
export const PLAYER_GAME_STATES = ['pre', 'in', 'final', 'bye', 'out'] as const;
export type PlayerGameState = (typeof PLAYER_GAME_STATES)[number];

/**
 * Where an NFL game stands. Decided from the scoreboard's state (`pre`/`in`/`post`), never from its period:
 * a scheduled game reports period 1 and a full clock.
 */
export const NFL_GAME_STATES = ['pre', 'in', 'final', 'postponed', 'cancelled'] as const;
export type NflGameState = (typeof NFL_GAME_STATES)[number];

/** One player's game as the simulation conditions on it. */
export interface PlayerGame {
  state: PlayerGameState;
  /** Points scored so far in the week's scoring (0 before kickoff or on a bye; when out, what he had scored). */
  points: number;
  /** Share of his game still to play, 0–1 (1 before kickoff, 0 when final, bye or out). */
  fractionRemaining: number;
}
