import {
  type AppPlayer,
  type LeagueDetails,
  type LeagueSide,
  sideStarters,
  toSimulationPlayer,
  weekStarterIds,
} from '@fm/contract';
import type { MatchupInput } from '@fm/engine';
import { liveGamesByTeam, type LiveGame } from '../live-games/week-games.js';

/** One roster's starters in a matchup of a league details answer. */
export interface MatchupSideInput extends LeagueSide {
  starters: AppPlayer[];
}

/** Every pair of rosters that play each other in the answer's week (rosters with the same matchup_id). */
export function matchupPairs(
  details: LeagueDetails,
): { matchupId: number; a: MatchupSideInput; b: MatchupSideInput }[] {
  const byMatchup = new Map<number, number[]>();
  for (const matchup of details.matchups) {
    if (matchup.matchup_id === null) continue;
    byMatchup.set(matchup.matchup_id, [...(byMatchup.get(matchup.matchup_id) ?? []), matchup.roster_id]);
  }
  const pairs = [];
  for (const [matchupId, rosterIds] of byMatchup) {
    if (rosterIds.length !== 2) continue;
    const [a, b] = [...rosterIds].sort((x, y) => x - y) as [number, number];
    pairs.push({ matchupId, a: sideOf(details, a), b: sideOf(details, b) });
  }
  return pairs.sort((x, y) => x.matchupId - y.matchupId);
}

/** The week's line-up, by the same rule as the league page's. */
function sideOf(details: LeagueDetails, rosterId: number): MatchupSideInput {
  const side = { rosterId, starterIds: weekStarterIds(details, rosterId) };
  return { ...side, starters: sideStarters(details, side) };
}

/** Roster a against roster b, each player mapped as the browser maps him (one module, @fm/contract). */
export function toTimelineInput(
  details: LeagueDetails,
  pair: { a: MatchupSideInput; b: MatchupSideInput },
  options: { iterations: number; seed: number },
): MatchupInput {
  const team = (side: MatchupSideInput) => ({
    name: String(side.rosterId),
    players: side.starters.map((player) => toSimulationPlayer(details, side.rosterId, player)),
  });
  return { user: team(pair.a), opponent: team(pair.b), iterations: options.iterations, seed: options.seed };
}

/**
 * Share of the two line-ups' game time already played, by their teams' games (players whose team has no game this
 * week — a bye, a free agent — are left out; without the week's games, by the players' own states); 1 when none
 * has a game.
 */
export function gameTimeElapsed(starters: readonly AppPlayer[], games: readonly LiveGame[]): number {
  const gameOfTeam = liveGamesByTeam(games);
  const shares = starters.flatMap((player) => {
    if (games.length === 0) {
      const isPlaying = ['pre', 'in', 'final'].includes(player.game_state);
      return isPlaying ? [1 - player.fraction_remaining] : [];
    }
    const game = gameOfTeam.get(player.team);
    return game ? [1 - game.fraction_remaining] : [];
  });
  if (shares.length === 0) return 1;
  return shares.reduce((sum, share) => sum + share, 0) / shares.length;
}

export const pointsSoFar = (starters: readonly AppPlayer[]): number =>
  Math.round(starters.reduce((sum, p) => sum + (p.points ?? 0), 0) * 100) / 100;
