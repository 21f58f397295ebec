import type { FreeAgentsAnswer } from '@fm/contract';
import {
  activeRosterPlaces,
  canonicalPosition,
  DEFAULT_ITERATIONS,
  drawnPlayerCount,
  type SeasonOutlookInput,
  type SimulationPlayer,
  startedPositions,
  type StartingSlot,
  type WeeklyLineups,
} from '@fm/engine';
import type { AppDeps } from '../../deps.js';
import { validationError } from '../../errors.js';
import type { CallCost, SimulationSlot } from '../simulation/admission.js';
import { callerRuns } from './caller-runs.js';
import { compareFreeAgents, type PickupOdds, pricedFreeAgent, unpricedFreeAgent } from './free-agent-rows.js';
import { type PoolPlayer, loadProjectedPool } from './free-agent-pool.js';
import {
  callersTeam,
  loadByeWeeks,
  loadRosLeague,
  type RosLeague,
  type RosLeagueRequest,
} from './league-context.js';
import { bestPickups, isSameLineups, isSameStarters, ownPoints, totalPoints } from './pickup.js';
import { type RosPlayer, type RosPlayerFacts, rosPlayerOf } from './ros-players.js';
import { leagueLineups, seasonCallCost, seasonInputOf, seasonIterations } from './season-odds.js';
import { weekMatchupInput } from './week-matchup.js';

/**
 * Projected free agents priced per position, by their own rest-of-season points: below them a player cannot start
 * for anyone while better ones are free. Pricing is cheap (line-ups, no simulation), so the net is wide.
 */
const POOL_PER_POSITION = 60;
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

interface FreePlayers {
  /** Projected, with their rest of the season: the best few per position. */
  projected: {
    player: RosPlayer;
    pool: PoolPlayer & { projection: NonNullable<PoolPlayer['projection']> };
  }[];
  /** On an NFL team with no projection this week. */
  unprojected: RosPlayerFacts[];
}

/** The pool's players on no roster of the league. */
async function freePlayers(deps: AppDeps, league: RosLeague, positions: string[]): Promise<FreePlayers> {
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
  const factsOf = (entry: PoolPlayer): RosPlayerFacts => ({
    id: entry.sleeperId,
    name: entry.name,
    position: entry.position,
    team: entry.team,
    injuryStatus: entry.injuryStatus,
    byeWeek: byes.get(entry.team) ?? league.byeWeekOf(entry.team),
  });
  const projected = free.flatMap((entry) => {
    const { projection } = entry;
    if (!projection) return [];
    return [
      {
        pool: { ...entry, projection },
        player: rosPlayerOf(factsOf(entry), projection, details.week, league.weeks),
      },
    ];
  });
  return {
    projected: positions.flatMap((position) =>
      projected
        .filter((entry) => canonicalPosition(entry.player.position) === position)
        .sort((a, b) => ownPoints(b.player) - ownPoints(a.player))
        .slice(0, POOL_PER_POSITION),
    ),
    unprojected: free.filter((entry) => !entry.projection).map(factsOf),
  };
}

function simulationPlayerOf(pool: FreePlayers['projected'][number]['pool']): SimulationPlayer {
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
 * The league's free agents for the caller's team, best first by ΔP(playoffs), then ΔP(win) this week, then
 * rest-of-season points over replacement; players without a projection after all others. Every projected free
 * agent is first priced by how much he raises the team's best line-ups over the remaining weeks (cheap); the
 * `limit` pickups that raise them most are simulated, and only pickups that change a line-up are (the others
 * change nothing: every delta is exactly 0 on common random numbers), so the list leads with real gains.
 */
export async function listFreeAgents(
  deps: AppDeps,
  caller: { userId: string; slot: SimulationSlot },
  request: FreeAgentsRequest,
): Promise<FreeAgentsAnswer> {
  const league = await loadRosLeague(deps, caller.userId, request);
  const positions = positionsAsked(league.slots, request.position);
  const me = callersTeam(league);
  const { projected, unprojected } = await freePlayers(deps, league, positions);
  const lineupsBefore = leagueLineups(league);
  const myBefore = lineupsBefore.get(me.rosterId)!;
  const pointsBefore = totalPoints(myBefore);

  const pickups = bestPickups(
    me.players,
    projected.map((candidate) => candidate.player),
    league.slots,
    pointsBefore,
    { hasOpenPlace: me.players.length < activeRosterPlaces(league.details.league.roster_positions) },
  );
  const priced = projected.flatMap((candidate, i) => {
    const pickup = pickups[i];
    return pickup ? [{ ...candidate, pickup }] : [];
  });
  const changing = priced
    .filter((entry) => !isSameLineups(entry.pickup.lineups, myBefore))
    .sort((a, b) => b.pickup.pointsGain - a.pickup.pointsGain || ownPoints(b.player) - ownPoints(a.player))
    .slice(0, request.limit);
  const iterations = seasonIterations(league, changing.length + 1, SEASON_ITERATION_BUDGET);
  const seasonBefore = seasonInputOf(league, lineupsBefore, iterations);
  const isThisWeek = league.weeks[0] === league.details.week;
  await caller.slot.price(
    freeAgentsCallCost(league, seasonBefore, changing.length + 1, isThisWeek, myBefore),
  );
  const runs = callerRuns(deps, caller);
  const startedAt = performance.now();
  const oddsBefore = (await runs.playoffOdds(seasonBefore)).get(me.rosterId) ?? 0;
  const winOf = (starterIds: string[], newcomers: SimulationPlayer[]) =>
    runs.winProbability(weekMatchupInput(league.details, me.rosterId, starterIds, newcomers, iterations));
  const winBefore = isThisWeek ? await winOf(myBefore.starters[0]!, []) : null;
  const odds = new Map<string, PickupOdds>();
  for (const { player, pool, pickup } of changing) {
    const after = new Map(lineupsBefore).set(me.rosterId, pickup.lineups);
    const playoffs = (await runs.playoffOdds(seasonInputOf(league, after, iterations))).get(me.rosterId) ?? 0;
    const isThisWeekChanged = !isSameStarters(pickup.lineups.starters[0] ?? [], myBefore.starters[0] ?? []);
    const winAfter =
      winBefore !== null && isThisWeekChanged
        ? await winOf(pickup.lineups.starters[0]!, [simulationPlayerOf(pool)])
        : null;
    odds.set(player.id, {
      win: winBefore !== null && winAfter !== null ? winAfter - winBefore : 0,
      playoffs: playoffs - oddsBefore,
    });
  }
  deps.log.info(
    {
      leagueId: request.leagueId,
      candidates: projected.length,
      unprojected: unprojected.length,
      seasonRuns: runs.seasonRuns,
      matchupRuns: runs.matchupRuns,
      iterations,
      ms: Math.round(performance.now() - startedAt),
    },
    'free agents simulated',
  );

  const positionOf = new Map(me.players.map((player) => [player.id, player.position]));
  const rows = [
    ...priced.map((entry) =>
      pricedFreeAgent(
        { player: entry.player, projection: entry.pool.projection.mean, pickup: entry.pickup },
        odds.get(entry.player.id),
        { before: myBefore, positionOf: (id) => positionOf.get(id), slots: league.slots },
      ),
    ),
    ...unprojected.map(unpricedFreeAgent),
  ].sort(compareFreeAgents);
  return {
    data: rows.slice(0, request.limit),
    week: league.details.week,
    season: league.details.league.season,
    ros_weeks: league.weeks,
    simulations: runs.seasonRuns,
    data_as_of: league.details.data_as_of,
  };
}

/**
 * The whole call's price before its first run: one season run per changing pickup and one before, and as many
 * matchup runs this week (each drawing the week's two line-ups and the newcomer).
 */
function freeAgentsCallCost(
  league: RosLeague,
  seasonBefore: SeasonOutlookInput,
  runCount: number,
  isThisWeek: boolean,
  myBefore: WeeklyLineups,
): CallCost {
  const season = seasonCallCost(
    seasonBefore,
    runCount,
    `Free agents of this league (${seasonBefore.teams.length} teams, ${seasonBefore.schedule.length} weeks left)`,
  );
  const iterations = seasonBefore.iterations ?? DEFAULT_ITERATIONS;
  const matchup = isThisWeek
    ? weekMatchupInput(
        league.details,
        callersTeam(league).rosterId,
        myBefore.starters[0] ?? [],
        [],
        iterations,
      )
    : null;
  if (!matchup) return season;
  const matchupCost = runCount * iterations * (drawnPlayerCount(matchup) + 1);
  return {
    ...season,
    total: season.total + matchupCost,
    runs: `${season.runs}, and ${runCount} matchup runs`,
  };
}
