import {
  type AppPlayer,
  isPlatform,
  LEAGUE_SIMULATION_SEED,
  type LeagueDetails,
  type LeagueSide,
  leagueMatchupInput,
  playablePlayers,
  teamNameOf,
} from '@fm/contract';
import { drawnPlayerCount } from '@fm/engine';
import type { AppDeps } from '../../deps.js';
import { readLeagueWeek } from '../leagues/details.js';
import type { SimulationSlot } from './admission.js';
import { baselinePlayerIds, type SimulationAnswer } from './answer.js';
import { LEAGUE_RUN_DRAWS, leagueRunAnswer } from './league-run.js';
import { recordedRunOf, recordSimulation } from './record.js';
import type { MatchupRequest, StarterRequest, TeamRequest } from './request.js';
import { runMatchupInPool } from './run-matchup.js';

/** A matchup request read as two line-ups of one of the caller's leagues, in that league's answer. */
export interface LeagueLineups {
  details: LeagueDetails;
  user: LeagueSide;
  opponent: LeagueSide;
}

/**
 * The starter on these players the reference names: a bare or `player_id` reference by the league's own player
 * id first (Sleeper, ESPN or Yahoo, as its rosters list them), then by Sleeper id, then by our id; a `sleeper_id`
 * reference by Sleeper id only, an `id` one by our id only.
 */
function findStarter(
  details: LeagueDetails,
  players: readonly AppPlayer[],
  starter: StarterRequest,
): AppPlayer | undefined {
  const sleeperIdOf = (player: AppPlayer) =>
    details.platform === 'sleeper' ? player.player_id : player.sleeper_id;
  const appIdOf = (player: AppPlayer) => details.app_player_ids[player.player_id];
  const byLeagueId = () => players.find((player) => player.player_id === starter.ref);
  const bySleeperId = () => players.find((player) => sleeperIdOf(player) === starter.ref);
  const byAppId = () => players.find((player) => String(appIdOf(player) ?? '') === starter.ref);
  if (starter.kind === 'sleeper') return bySleeperId();
  if (starter.kind === 'app') return byAppId();
  return byLeagueId() ?? bySleeperId() ?? byAppId();
}

/** The roster (the team's roster_id, else any) whose starters and bench hold every starter, once each. */
function sideOf(details: LeagueDetails, team: TeamRequest): LeagueSide | null {
  const rosters = details.rosters.filter(
    (roster) => team.rosterId === null || String(roster.roster_id) === team.rosterId,
  );
  for (const roster of rosters) {
    const playable = playablePlayers(roster);
    const ids = team.starters.map((starter) => findStarter(details, playable, starter)?.player_id);
    const found = ids.filter((id): id is string => id !== undefined);
    if (found.length === ids.length && new Set(found).size === found.length) {
      return { rosterId: roster.roster_id, starterIds: found };
    }
  }
  return null;
}

/**
 * The request as a matchup of one of the caller's leagues, when it is one: it names a league of theirs (league_id
 * and platform), brings no scoring and no game facts of its own, and each line-up is players of one roster of that
 * league (by the league's own, Sleeper or app ids), two different rosters. Null otherwise, also when the league cannot be read: the
 * request is then simulated from the directory as before.
 */
export async function leagueLineupsOf(
  deps: AppDeps,
  userId: string | null,
  request: MatchupRequest,
): Promise<LeagueLineups | null> {
  const { leagueId, platform } = request;
  if (!userId || !leagueId || !platform || !isPlatform(platform)) return null;
  if (request.scoring && Object.keys(request.scoring).length > 0) return null;
  const starters = [...request.user.starters, ...request.opponent.starters];
  if (starters.some((starter) => starter.game || starter.isFinal || starter.isOut)) return null;
  const details = await readLeagueWeek(deps, userId, {
    platform,
    leagueId,
    week: request.week ?? undefined,
    season: request.season ?? undefined,
  }).then(
    ({ details }) => details,
    (error: unknown) => {
      deps.log.warn({ err: error, platform, leagueId }, 'league unavailable: simulating from the directory');
      return null;
    },
  );
  if (!details) return null;
  if (request.season !== null && Number(details.league.season) !== request.season) return null;
  const user = sideOf(details, request.user);
  const opponent = sideOf(details, request.opponent);
  if (!user || !opponent || user.rosterId === opponent.rosterId) return null;
  return { details, user, opponent };
}

/**
 * Simulates a league's line-ups from the league's own answer, with the input the league page and its run build
 * (@fm/contract's leagueMatchupInput: its scoring, game states, points so far, scenario players) and the league
 * seed unless the request sets one, so the same line-ups answer the league run's number. The answer echoes the
 * request's references, names and roster ids.
 */
export async function simulateLeagueLineups(
  deps: AppDeps,
  { userId, slot }: { userId: string | null; slot: SimulationSlot },
  request: MatchupRequest,
  { details, user, opponent }: LeagueLineups,
): Promise<SimulationAnswer> {
  const teamName = (team: TeamRequest, side: LeagueSide) =>
    team.name ?? teamNameOf(details.rosters.find((roster) => roster.roster_id === side.rosterId));
  const names = { user: teamName(request.user, user), opponent: teamName(request.opponent, opponent) };
  const league = leagueMatchupInput(details, user, opponent, names)!;
  const input = { ...league, iterations: request.iterations, seed: request.seed ?? LEAGUE_SIMULATION_SEED };
  // the run draws the user's whole roster, not only the starters the request named
  slot.check({ iterations: request.iterations, players: drawnPlayerCount(input), drawn: LEAGUE_RUN_DRAWS });
  const { result, durationMs } = await runMatchupInPool(deps, userId ?? 'anonymous', input);
  const answer = leagueRunAnswer(
    details,
    { user, opponent },
    input.user.players,
    input.opponent.players,
    result,
    {
      simulationId: '',
      durationMs,
    },
  );
  const echo = (team: TeamRequest, answered: SimulationAnswer['user_team']) => ({
    ...answered,
    roster_id: team.rosterId ?? answered.roster_id,
    players: answered.players.map((player, i) => ({ ...player, player_id: team.starters[i]!.ref })),
  });
  const simulationId = await recordSimulation(deps, {
    userId,
    request: recordedRunOf(request),
    week: { season: Number(details.league.season), week: details.week },
    result,
    durationMs,
    baselinePlayers: answer.baseline_players.length,
  });
  const userTeam = echo(request.user, answer.user_team);
  const opponentTeam = echo(request.opponent, answer.opponent_team);
  return {
    ...answer,
    simulation_id: simulationId,
    kind: request.kind,
    user_team: userTeam,
    opponent_team: opponentTeam,
    baseline_players: baselinePlayerIds(userTeam, opponentTeam),
  };
}
