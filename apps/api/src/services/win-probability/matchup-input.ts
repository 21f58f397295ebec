import type { MatchupInput, SimulationPlayer } from '@fm/engine';
import type { LeagueDetails, LeaguePlayerWithGame } from '../leagues/details-shape.js';
import { toEngineGame } from '../live-games/player-games.js';

/** One roster's starters in a matchup of a league details answer. */
export interface MatchupSideInput {
  rosterId: number;
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

/** The week's line-up as the platform reports it in the matchup, else the roster's current starters. */
function sideOf(details: LeagueDetails, rosterId: number): MatchupSideInput {
  const roster = details.rosters.find((candidate) => candidate.roster_id === rosterId);
  const everyone = roster
    ? [...roster.players.starters, ...roster.players.bench, ...roster.players.reserve]
    : [];
  const byId = new Map(everyone.map((player) => [player.player_id, player]));
  const listed = details.matchups.find((matchup) => matchup.roster_id === rosterId)?.starters ?? [];
  const starters =
    listed.length > 0 ? listed.flatMap((id) => byId.get(id) ?? []) : (roster?.players.starters ?? []);
  return { rosterId, starters };
}

/** A starter as the engine takes him: his projection in the league's scoring and where his game stands. */
function toEnginePlayer(details: LeagueDetails, player: LeaguePlayerWithGame): SimulationPlayer {
  const projection = details.projections[player.player_id];
  const game = toEngineGame({
    state: player.game_state,
    points: player.points,
    fractionRemaining: player.fraction_remaining,
  });
  return {
    id: player.player_id,
    name: player.name,
    position: player.position,
    team: projection?.team ?? player.team,
    opponent: projection?.opponent ?? null,
    depthRank: projection?.depth_rank ?? null,
    ...(projection
      ? {
          predMean: projection.mean,
          predStd: projection.std,
          p10: projection.p10,
          p50: projection.p50,
          p90: projection.p90,
        }
      : {}),
    game,
    // the same facts in the older flags, for an engine that does not read `game` yet
    ...(game.state === 'final' ? { isFinal: true, actualPoints: game.points } : {}),
    ...(game.state === 'out' ? { isOut: true } : {}),
    ...(game.state === 'bye' ? { isOnBye: true } : {}),
  };
}

export function toTimelineInput(
  details: LeagueDetails,
  pair: { a: MatchupSideInput; b: MatchupSideInput },
  options: { iterations: number; seed: number },
): MatchupInput {
  return {
    user: { name: String(pair.a.rosterId), players: pair.a.starters.map((p) => toEnginePlayer(details, p)) },
    opponent: {
      name: String(pair.b.rosterId),
      players: pair.b.starters.map((p) => toEnginePlayer(details, p)),
    },
    iterations: options.iterations,
    seed: options.seed,
  };
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
