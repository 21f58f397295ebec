import {
  type AnalysisAnswer,
  type LeagueDetails,
  type LeagueSide,
  leagueMatchupInput,
  playablePlayers,
  playerGame,
  rosterOf,
  teamNameOf,
} from '@fm/contract';
import { drawnPlayerCount, type MatchupResult, type SimulationPlayer } from '@fm/engine';
import type { AppDeps } from '../../deps.js';
import { validationError } from '../../errors.js';
import type { LeaguePlatform } from '../leagues/connections.js';
import { readLeagueWeek } from '../leagues/details.js';
import type { ScoringFormatSpelling } from '@fm/projections';
import type { SimulationSlot } from './admission.js';
import { analyzeMatchup } from './analysis.js';
import { type PlayerFacts, type SideFacts, simulationAnswer, type SimulationAnswer } from './answer.js';
import { type RecordedRun, recordSimulation } from './record.js';
import { runMatchupInPool } from './run-matchup.js';

/** One of a league's matchups as the league page shows it: the league, the week and both line-ups. */
export interface LeagueRunRequest {
  platform: LeaguePlatform;
  leagueId: string;
  week?: number | undefined;
  season?: number | undefined;
  scoringType?: ScoringFormatSpelling | undefined;
  user: { rosterId: number; starterIds: string[] };
  opponent: { rosterId: number; starterIds: string[] };
}

/** Each starter once, on the side's roster and playable there (a 400 names the first that is not). */
function checkSide(details: LeagueDetails, side: LeagueSide, field: 'user' | 'opponent'): void {
  const roster = rosterOf(details, side.rosterId);
  if (!roster) throw validationError(`This league has no roster ${side.rosterId}.`, `${field}.roster_id`);
  const playable = new Set(playablePlayers(roster).map((player) => player.player_id));
  const seen = new Set<string>();
  for (const id of side.starterIds) {
    if (seen.has(id)) throw validationError(`Player ${id} is listed twice.`, `${field}.starters`);
    seen.add(id);
    if (!playable.has(id)) {
      throw validationError(
        `Player ${id} is not on roster ${side.rosterId}'s starters or bench.`,
        `${field}.starters`,
      );
    }
  }
}

/** A league run's side: each simulated player as the league's answer has him (ids, projection, game). */
function leagueSide(
  details: LeagueDetails,
  rosterId: number,
  name: SideFacts['name'],
  simulated: SimulationPlayer[],
): SideFacts {
  const playable = playablePlayers(rosterOf(details, rosterId)!);
  return {
    name,
    roster_id: String(rosterId),
    players: simulated.map((drawn) => {
      const player = playable.find((candidate) => candidate.player_id === drawn.id)!;
      const projection = details.projections[player.player_id];
      const game = playerGame(details, rosterId, player) ?? { state: 'pre', points: 0, fractionRemaining: 1 };
      const facts: PlayerFacts = {
        player_id: player.player_id,
        id: details.app_player_ids[player.player_id] ?? null,
        sleeper_id: details.platform === 'sleeper' ? player.player_id : (player.sleeper_id ?? null),
        name: player.name,
        position: player.position,
        team: drawn.team ?? player.team,
        opponent: drawn.opponent ?? null,
        depth_rank: drawn.depthRank ?? null,
        source: projection?.source ?? null,
        projection: projection
          ? {
              pred_mean: projection.mean,
              pred_std: projection.std,
              p10: projection.p10,
              p50: projection.p50,
              p90: projection.p90,
            }
          : null,
        actual_points: game.state === 'final' ? game.points : null,
        game_state: game.state,
        points: game.points,
        fraction_remaining: game.fractionRemaining,
      };
      return { runId: drawn.id, isOut: false, facts };
    }),
  };
}

/** What a league run draws beyond the line-ups, as a refusal over the cost cap says it. */
export const LEAGUE_RUN_DRAWS = "your whole roster and the opponent's starters";

const SCORING_OF: Record<LeagueDetails['scoring_from'], SimulationAnswer['scoring']> = {
  league: 'league',
  preference: 'request',
  none: 'ppr',
};

/**
 * Simulates one of a league's matchups from the league's own answer, with the input the league page's headline
 * runs in the browser (@fm/contract's leagueMatchupInput: same players, projections, game states, scenario players
 * and seed), so the run recorded here — the dashboard's figure and the recent list's — is the headline's number.
 */
export async function simulateLeagueMatchup(
  deps: AppDeps,
  caller: { userId: string; slot: SimulationSlot },
  request: LeagueRunRequest,
): Promise<AnalysisAnswer> {
  const { details } = await readLeagueWeek(deps, caller.userId, request);
  checkSide(details, request.user, 'user');
  checkSide(details, request.opponent, 'opponent');
  if (request.user.rosterId === request.opponent.rosterId) {
    throw validationError('A roster cannot play itself.', 'opponent.roster_id');
  }
  const teamName = (rosterId: number) =>
    teamNameOf(details.rosters.find((roster) => roster.roster_id === rosterId));
  const names = { user: teamName(request.user.rosterId), opponent: teamName(request.opponent.rosterId) };
  const input = leagueMatchupInput(details, request.user, request.opponent, names);
  if (!input) throw validationError('Each side needs at least one starter.', 'user.starters');
  const iterations = input.iterations!;

  return caller.slot.run(
    { iterations, players: drawnPlayerCount(input), drawn: LEAGUE_RUN_DRAWS },
    async () => {
      const { result, durationMs } = await runMatchupInPool(deps, caller.userId, input);
      const week = { season: Number(details.league.season), week: details.week };
      const recorded: RecordedRun = {
        kind: 'analyze',
        platform: details.platform,
        leagueId: details.league.league_id,
        user: {
          name: names.user,
          rosterId: String(request.user.rosterId),
          starters: input.user.players.length,
        },
        opponent: {
          name: names.opponent,
          rosterId: String(request.opponent.rosterId),
          starters: input.opponent.players.length,
        },
      };
      const answer = leagueRunAnswer(details, request, input.user.players, input.opponent.players, result, {
        simulationId: '',
        durationMs,
      });
      answer.simulation_id = await recordSimulation(deps, {
        userId: caller.userId,
        request: recorded,
        week,
        result,
        durationMs,
        baselinePlayers: answer.baseline_players.length,
      });
      return { ...answer, analysis: analyzeMatchup(answer) };
    },
  );
}

/** The answer of a league run: each simulated player as the league's answer has him (ids, projection, game). */
export function leagueRunAnswer(
  details: LeagueDetails,
  request: Pick<LeagueRunRequest, 'user' | 'opponent'>,
  userPlayers: SimulationPlayer[],
  opponentPlayers: SimulationPlayer[],
  result: MatchupResult,
  run: { simulationId: string; durationMs: number },
): SimulationAnswer {
  return simulationAnswer(
    result,
    {
      user: leagueSide(details, request.user.rosterId, result.user.name, userPlayers),
      opponent: leagueSide(details, request.opponent.rosterId, result.opponent.name, opponentPlayers),
    },
    {
      simulation_id: run.simulationId,
      kind: 'analyze',
      season: Number(details.league.season),
      week: details.week,
      league_id: details.league.league_id,
      scoring: SCORING_OF[details.scoring_from],
      duration_ms: run.durationMs,
    },
  );
}
