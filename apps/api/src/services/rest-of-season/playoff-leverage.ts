import { createHash } from 'node:crypto';
import type { PlayoffLeverage, PlayoffLeverageAnswer } from '@fm/contract';
import { DEFAULT_ITERATIONS, type SeasonOutlookInput } from '@fm/engine';
import type { AppDeps } from '../../deps.js';
import { createDataCache } from '../data-changes/data-cache.js';
import type { SimulationSlot } from '../simulation/admission.js';
import { callerRuns } from './caller-runs.js';
import { loadRosLeague, type RosLeague, type RosLeagueRequest } from './league-context.js';
import { leagueLineups, seasonCallCost, seasonInputOf, seasonIterations } from './season-odds.js';

/**
 * Iterations the call's runs share (two per matchup of the week, one more when a team has no game): a 12-team
 * league's 12 runs get ~6,000 each (P(playoffs) within ±0.0065, one standard error); the forced runs share one
 * seed, so a win never reads below a loss whatever the count.
 */
const LEVERAGE_ITERATION_BUDGET = 8 * DEFAULT_ITERATIONS;

/**
 * Answers per data version and league state: the season runs read nothing but their input (standings, schedule,
 * each team's best line-ups' weekly points, the league's playoff format), so equal inputs give equal answers, for
 * every member of the league.
 */
const cachedLeverage = createDataCache<PlayoffLeverageAnswer>({ maxEntries: 128 });

function leverageKey(request: RosLeagueRequest, league: RosLeague, input: SeasonOutlookInput): string {
  const digest = createHash('sha256')
    .update(
      JSON.stringify([
        input,
        league.teams.map((team) => team.rosterId),
        league.details.week,
        league.details.league.season,
      ]),
    )
    .digest('base64url');
  return `leverage:${request.platform}:${league.details.league.league_id}:${digest}`;
}

/**
 * Each team's P(playoffs) if it wins its game of the week and if it loses it, from season runs with that game's
 * result forced, on one seed (so the two differ by the game alone; a win never gives less than a loss). A team
 * without a game that week (or once the regular season is over) has one figure for both. The runs are priced
 * together before the first (refused over the per-call budget) and run one after another on the simulation
 * threads; the answer is kept until the league or the data change.
 */
export async function loadPlayoffLeverage(
  deps: AppDeps,
  caller: { userId: string; slot: SimulationSlot },
  request: RosLeagueRequest,
): Promise<PlayoffLeverageAnswer> {
  const league = await loadRosLeague(deps, caller.userId, request);
  const lineups = leagueLineups(league);
  const probe = seasonInputOf(league, lineups);
  const thisWeek = probe.schedule[0];
  const pairs = thisWeek?.matchups ?? [];
  const playing = new Set(pairs.flat());
  const hasIdle = probe.teams.some((team) => !playing.has(team.id));
  const runCount = pairs.length * 2 + (hasIdle ? 1 : 0);
  const input = seasonInputOf(league, lineups, seasonIterations(league, runCount, LEVERAGE_ITERATION_BUDGET));
  return cachedLeverage(deps, leverageKey(request, league, input), async () => {
    await caller.slot.price(
      seasonCallCost(
        input,
        runCount,
        `Playoff leverage of this league (${input.teams.length} teams, ${input.schedule.length} weeks left)`,
      ),
    );
    const runs = callerRuns(deps, caller);
    const startedAt = performance.now();
    const ifWin = new Map<number, number>();
    const ifLoss = new Map<number, number>();
    // one run at a time: the caller's runs never fill the queue in front of other users' simulations
    for (const [home, away] of pairs) {
      const week = thisWeek!.week;
      const homeWins = await runs.playoffOdds(input, { winnerId: home, loserId: away, week });
      const awayWins = await runs.playoffOdds(input, { winnerId: away, loserId: home, week });
      ifWin.set(Number(home), homeWins.get(Number(home)) ?? 0);
      ifLoss.set(Number(home), awayWins.get(Number(home)) ?? 0);
      ifWin.set(Number(away), awayWins.get(Number(away)) ?? 0);
      ifLoss.set(Number(away), homeWins.get(Number(away)) ?? 0);
    }
    const unforced = hasIdle ? await runs.playoffOdds(input) : new Map<number, number>();
    deps.log.info(
      {
        leagueId: request.leagueId,
        seasonRuns: runs.seasonRuns,
        iterations: input.iterations,
        ms: Math.round(performance.now() - startedAt),
      },
      'playoff leverage simulated',
    );
    const data = league.teams.map((team): PlayoffLeverage => {
      const win = ifWin.get(team.rosterId) ?? unforced.get(team.rosterId) ?? 0;
      const loss = ifLoss.get(team.rosterId) ?? unforced.get(team.rosterId) ?? 0;
      return {
        roster_id: team.rosterId,
        p_playoffs_if_win: win,
        p_playoffs_if_loss: loss,
        leverage: win - loss,
      };
    });
    return {
      data,
      week: thisWeek?.week ?? league.details.week,
      season: league.details.league.season,
      simulations: runs.seasonRuns,
      seasons_per_simulation: input.iterations ?? DEFAULT_ITERATIONS,
      data_as_of: league.details.data_as_of,
    };
  });
}
