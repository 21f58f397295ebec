import { type LeagueSide, sideStarters, toSimulationPlayer, weekStarterIds } from '@fm/contract';
import type { MatchupInput } from '@fm/engine';
import type { LeagueDetails, LeaguePlayerWithGame } from '../leagues/details-shape.js';

/** One roster's starters in a matchup of a league details answer. */
export interface MatchupSideInput extends LeagueSide {
  starters: LeaguePlayerWithGame[];
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

/** Share of the two line-ups' game time already played (players without a game are left out); 1 when none. */
export function gameTimeElapsed(starters: readonly LeaguePlayerWithGame[]): number {
  const playing = starters.filter(
    (p) => p.game_state === 'pre' || p.game_state === 'in' || p.game_state === 'final',
  );
  if (playing.length === 0) return 1;
  return playing.reduce((sum, p) => sum + (1 - p.fraction_remaining), 0) / playing.length;
}

export const pointsSoFar = (starters: readonly LeaguePlayerWithGame[]): number =>
  Math.round(starters.reduce((sum, p) => sum + (p.points ?? 0), 0) * 100) / 100;
