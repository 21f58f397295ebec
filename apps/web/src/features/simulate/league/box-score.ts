import { isEveryGameOver, playerGame, recordedPoints } from '@fm/contract';
import type { LeagueDetails, LeaguePlayer } from '../shared/league-details';

/** Where a starter's day stands, as box scores count them: yet to play, playing now, done. */
export type PlayProgress = 'to-play' | 'playing' | 'done';

/**
 * Nobody can score any more: the platform closed the week, or every game of it is over (before the platform
 * closes it). The page then shows the result, not a probability or line-up advice.
 */
export function isMatchupOver(details: Pick<LeagueDetails, 'is_week_complete' | 'games'>): boolean {
  return details.is_week_complete || isEveryGameOver(details.games);
}

/**
 * The week is still to be played and we hold no projection of anyone in it (the projection sources are down or
 * have not published it): every player would be simulated at his position's average, a figure that only looks like
 * a forecast, so the page says so and shows no win probability.
 */
export function hasNoProjectionsYet(
  details: Pick<LeagueDetails, 'is_week_complete' | 'games' | 'projections'>,
) {
  return !isMatchupOver(details) && Object.keys(details.projections).length === 0;
}

/**
 * The points a player has on the board: in a closed week the platform's own per-player figure (a bye it credited
 * included), else the answer's points so far once his game has kicked off (a bye or a ruled-out player before
 * kickoff has 0); null while his game is still to be played.
 */
export function actualPointsOf(
  details: LeagueDetails,
  rosterId: number,
  player: LeaguePlayer,
): number | null {
  const game = playerGame(details, rosterId, player);
  if (details.is_week_complete)
    return recordedPoints(details, rosterId, player.player_id) ?? game?.points ?? 0;
  if (!game || game.state === 'pre') return null;
  return game.points;
}

export function playProgressOf(details: LeagueDetails, rosterId: number, player: LeaguePlayer): PlayProgress {
  if (isMatchupOver(details)) return 'done';
  const game = playerGame(details, rosterId, player);
  if (!game || game.state === 'pre') return 'to-play';
  return game.state === 'in' ? 'playing' : 'done';
}

/** One team's line of the box score: its points on the board and how many starters are yet to play, playing, done. */
export interface TeamBoxScore {
  points: number;
  counts: Record<PlayProgress, number>;
  /** A closed week whose official score differs from the sum of its line-up's points shown (e.g. a player no longer on the roster, an adjustment). */
  official: number | null;
}

/** Official and summed points closer than this are the same figure once shown to one decimal. */
const SAME_POINTS = 0.05;

export function teamBoxScore(
  details: LeagueDetails,
  rosterId: number,
  starters: readonly LeaguePlayer[],
): TeamBoxScore {
  const counts: Record<PlayProgress, number> = { 'to-play': 0, playing: 0, done: 0 };
  let points = 0;
  for (const player of starters) {
    points += actualPointsOf(details, rosterId, player) ?? 0;
    counts[playProgressOf(details, rosterId, player)] += 1;
  }
  const listed = details.matchups.find((matchup) => matchup.roster_id === rosterId)?.points;
  const official =
    details.is_week_complete && listed !== undefined && Math.abs(listed - points) >= SAME_POINTS
      ? listed
      : null;
  return { points, counts, official };
}

/** "3 to play · 2 playing · 4 done", leaving out what is 0 (all done: "all done"). */
export function progressText(counts: Record<PlayProgress, number>): string {
  if (counts['to-play'] === 0 && counts.playing === 0) return 'all done';
  return [
    counts['to-play'] > 0 ? `${counts['to-play']} to play` : '',
    counts.playing > 0 ? `${counts.playing} playing` : '',
    counts.done > 0 ? `${counts.done} done` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
