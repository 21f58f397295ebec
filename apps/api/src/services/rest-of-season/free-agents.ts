import type { FreeAgent, FreeAgentsAnswer } from '@fm/contract';
import {
  canonicalPosition,
  DEFAULT_ITERATIONS,
  type SimulationPlayer,
  startedPositions,
  type StartingSlot,
} from '@fm/engine';
import type { AppDeps } from '../../deps.js';
import { validationError } from '../../errors.js';
import type { SimulationSlot } from '../simulation/admission.js';
import { type PoolPlayer, loadProjectedPool } from './free-agent-pool.js';
import {
  callersTeam,
  loadByeWeeks,
  loadRosLeague,
  type RosLeague,
  type RosLeagueRequest,
} from './league-context.js';
import { bestPickups, isSameLineups, isSameStarters, ownPoints, type Pickup, totalPoints } from './pickup.js';
import { type RosPlayer, rosPlayerOf } from './ros-players.js';
import { callerRuns } from './caller-runs.js';
import { leagueLineups, seasonInputOf, seasonIterations } from './season-odds.js';
import { weekMatchupInput } from './week-matchup.js';

/**
 * Free agents looked at per position, by their own rest-of-season points: below them a player cannot start for
 * anyone while better ones are free.
 */
const POOL_PER_POSITION = 30;
/**
 * Season iterations all of a call's runs share (the before run and one per candidate whose line-ups change): ten
 * runs of the default 10,000, so a dozen candidates run ~8,000 each. On common random numbers a pickup's ΔP(playoffs)
 * varies far less than either P does, so fewer iterations keep the order; never under the engine's minimum.
 */
const SEASON_ITERATION_BUDGET = 10 * DEFAULT_ITERATIONS;

export interface FreeAgentsRequest extends RosLeagueRequest {
  position?: string | undefined;
  limit: number;
}

function positionsAsked(slots: readonly StartingSlot[], position: string | undefined): string[] {
  const started: string[] = startedPositions(slots);
  if (position === undefined) return started;
  const asked = canonicalPosition(position);
  if (!started.includes(asked)) {
    throw validationError(
      `This league does not start ${position.trim() || 'that position'}: ask for one of ${started.join(', ')}.`,
      'position',
    );
  }
  return [asked];
}

/** The pool's players on no roster of the league, with their rest of the season; the best few per position. */
async function freePlayers(
  deps: AppDeps,
  league: RosLeague,
  positions: string[],
): Promise<{ player: RosPlayer; pool: PoolPlayer }[]> {
  const { details } = league;
  const pool = await loadProjectedPool(deps, {
    season: league.season,
    week: details.week,
    scoring: details.league.scoring_settings,
    positions,
  });
  const rosteredAppIds = new Set(Object.values(details.app_player_ids));
  const rosteredIds = new Set(
    details.rosters.flatMap((roster) =>
      [...roster.players.starters, ...roster.players.bench, ...roster.players.reserve].map(
        (player) => player.player_id,
      ),
    ),
  );
  const free = pool.filter((entry) => !rosteredAppIds.has(entry.appId) && !rosteredIds.has(entry.sleeperId));
  const byes = await loadByeWeeks(deps, {
    season: league.season,
    week: details.week,
    teams: free.map((entry) => entry.team),
  });
  const withSeason = free.map((entry) => ({
    pool: entry,
    player: rosPlayerOf(
      {
        id: entry.sleeperId,
        name: entry.name,
        position: entry.position,
        team: entry.team,
        injuryStatus: entry.injuryStatus,
        byeWeek: byes.get(entry.team) ?? league.byeWeekOf(entry.team),
      },
      entry.projection,
      details.week,
      league.weeks,
    ),
  }));
  return positions.flatMap((position) =>
    withSeason
      .filter((entry) => canonicalPosition(entry.player.position) === position)
      .sort((a, b) => ownPoints(b.player) - ownPoints(a.player))
      .slice(0, POOL_PER_POSITION),
  );
}

function simulationPlayerOf(pool: PoolPlayer): SimulationPlayer {
  const { projection } = pool;
  return {
    id: pool.sleeperId,
    name: pool.name,
    position: pool.position,
    team: projection.team,
    opponent: projection.opponent,
    depthRank: projection.depth_rank,
    predMean: projection.mean,
    predStd: projection.std,
    p10: projection.p10,
    p50: projection.p50,
    p90: projection.p90,
  };
}

/**
 * The league's free agents for the caller's team, best first by ΔP(playoffs), then rest-of-season points over the
 * player each would replace. Every free agent is first priced by how much he raises the team's best line-ups
 * over the remaining weeks (cheap); only the `limit` best of those are simulated, and only those that change a
 * line-up (the others change nothing: every delta is exactly 0 on common random numbers).
 */
export async function listFreeAgents(
  deps: AppDeps,
  caller: { userId: string; slot: SimulationSlot },
  request: FreeAgentsRequest,
): Promise<FreeAgentsAnswer> {
  const league = await loadRosLeague(deps, caller.userId, request);
  const positions = positionsAsked(league.slots, request.position);
  const me = callersTeam(league);
  const candidates = await freePlayers(deps, league, positions);
  const lineupsBefore = leagueLineups(league);
  const myBefore = lineupsBefore.get(me.rosterId)!;
  const pointsBefore = totalPoints(myBefore);

  const pickups = bestPickups(
    me.players,
    candidates.map((candidate) => candidate.player),
    league.slots,
    pointsBefore,
  );
  const priced = candidates
    .flatMap((candidate, i) => {
      const pickup = pickups[i];
      return pickup ? [{ ...candidate, pickup }] : [];
    })
    .sort((a, b) => b.pickup.pointsGain - a.pickup.pointsGain || ownPoints(b.player) - ownPoints(a.player))
    .slice(0, request.limit);
  const changing = priced.filter((entry) => !isSameLineups(entry.pickup.lineups, myBefore));
  const iterations = seasonIterations(league, changing.length + 1, SEASON_ITERATION_BUDGET);
  const seasonBefore = seasonInputOf(league, lineupsBefore, iterations);
  const runs = callerRuns(deps, caller);
  const startedAt = performance.now();
  const oddsBefore = (await runs.playoffOdds(seasonBefore)).get(me.rosterId) ?? 0;
  const isThisWeek = league.weeks[0] === league.details.week;
  const winOf = (starterIds: string[], newcomers: SimulationPlayer[]) =>
    runs.winProbability(weekMatchupInput(league.details, me.rosterId, starterIds, newcomers, iterations));
  const winBefore = isThisWeek ? await winOf(myBefore.starters[0]!, []) : null;
  const deltas = new Map<string, { win: number; playoffs: number }>();
  for (const { player, pool, pickup } of changing) {
    const after = new Map(lineupsBefore).set(me.rosterId, pickup.lineups);
    const odds = (await runs.playoffOdds(seasonInputOf(league, after, iterations))).get(me.rosterId) ?? 0;
    const isThisWeekChanged = !isSameStarters(pickup.lineups.starters[0] ?? [], myBefore.starters[0] ?? []);
    const winAfter =
      winBefore !== null && isThisWeekChanged
        ? await winOf(pickup.lineups.starters[0]!, [simulationPlayerOf(pool)])
        : null;
    deltas.set(player.id, {
      win: winBefore !== null && winAfter !== null ? winAfter - winBefore : 0,
      playoffs: odds - oddsBefore,
    });
  }
  deps.log.info(
    {
      leagueId: request.leagueId,
      candidates: candidates.length,
      seasonRuns: runs.seasonRuns,
      matchupRuns: runs.matchupRuns,
      iterations,
      ms: Math.round(performance.now() - startedAt),
    },
    'free agents simulated',
  );

  const data = priced
    .map(({ player, pickup }) => freeAgentAnswer(player, pickup, deltas.get(player.id)))
    .sort(
      (a, b) =>
        b.delta_playoff_probability - a.delta_playoff_probability ||
        b.ros_points_over_replacement - a.ros_points_over_replacement,
    );
  return {
    data,
    week: league.details.week,
    season: league.details.league.season,
    ros_weeks: league.weeks,
    simulations: runs.seasonRuns,
    data_as_of: league.details.data_as_of,
  };
}

function freeAgentAnswer(
  player: RosPlayer,
  pickup: Pickup,
  delta: { win: number; playoffs: number } | undefined,
): FreeAgent {
  return {
    player_id: player.id,
    name: player.name,
    position: player.position,
    team: player.team || null,
    injury_status: player.injuryStatus,
    bye_week: player.byeWeek,
    replaces_player_id: pickup.dropId,
    delta_win_probability: delta?.win ?? 0,
    ros_points_over_replacement: pickup.pointsGain,
    delta_playoff_probability: delta?.playoffs ?? 0,
    lineup_after: pickup.lineups.starters[0] ?? [],
  };
}
