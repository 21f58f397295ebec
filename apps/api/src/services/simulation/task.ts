import {
  DEFAULT_ITERATIONS,
  EngineInputError,
  findWinWinTrades,
  simulateMatchup,
  simulateMatchupInSteps,
  simulateSeasonOutlookInSteps,
  type MatchupInput,
  type MatchupResult,
  type SeasonOutlookInput,
  type SeasonOutlookResult,
  type TradeLeague,
  type WinWinSearch,
} from '@fm/engine';

/** One simulation for the threads: the input, and whose it is (a thread serves its owners in turn). */
export interface SimulationTask {
  owner: string;
  input: MatchupInput;
}

/** A season run of the rest-of-season tools (playoff odds), for the threads. */
export interface SeasonTask {
  kind: 'season';
  owner: string;
  season: SeasonOutlookInput;
}

/** The win-win trade search of one roster (engine findWinWinTrades), for the threads. */
export interface TradeSearchTask {
  kind: 'trades';
  owner: string;
  league: TradeLeague;
  rosterId: number;
  limit?: number | undefined;
}

/** Anything a pool thread runs. A matchup task has no `kind` (the shape it had before the others). */
export type PoolTask = SimulationTask | SeasonTask | TradeSearchTask;

/** What a pool thread answers: the result, or the engine's refusal of the input (a client error). */
export type PoolOutcome<R> = { ok: true; result: R } | { ok: false; field: string; message: string };
export type SimulationTaskOutcome = PoolOutcome<MatchupResult>;
export type SeasonTaskOutcome = PoolOutcome<SeasonOutlookResult>;
export type TradeSearchOutcome = PoolOutcome<WinWinSearch>;

/**
 * What a job costs a thread, in player-iterations (the unit of its fair turns): a season run draws one score per
 * team and remaining week per season; the trade search recomputes line-ups, counted as its rostered players ×
 * remaining weeks × other rosters (each player's swaps with each team), a rough but monotone measure.
 */
export function poolTaskCost(task: PoolTask): number {
  if (!('kind' in task)) {
    const { input } = task;
    const players =
      input.scenarioPlayers?.length ?? input.user.players.length + input.opponent.players.length;
    return Math.max(1, players) * (input.iterations ?? DEFAULT_ITERATIONS);
  }
  if (task.kind === 'season') {
    const { season } = task;
    return (
      season.teams.length * Math.max(1, season.schedule.length) * (season.iterations ?? DEFAULT_ITERATIONS)
    );
  }
  const players = task.league.rosters.reduce((sum, roster) => sum + roster.players.length, 0);
  const weeks = task.league.rosters[0]?.players[0]?.weeklyMeans.length ?? 1;
  return players * Math.max(1, weeks) * task.league.rosters.length;
}

/** The engine steps of a job: resumable for matchups and seasons, one step for the trade search. */
export function poolTaskSteps(task: PoolTask): Generator<void, unknown, void> {
  if (!('kind' in task)) return simulateMatchupInSteps(task.input);
  if (task.kind === 'season') return simulateSeasonOutlookInSteps(task.season);
  return wholeInOneStep(() =>
    findWinWinTrades(task.league, task.rosterId, { limit: task.limit ?? Infinity }),
  );
}

/** A job that cannot pause, as steps: it runs whole at the first `next()`. */
function wholeInOneStep<R>(run: () => R): Generator<void, R, void> {
  let isDone = false;
  let result: R;
  const steps: Generator<void, R, void> = {
    next() {
      if (!isDone) {
        result = run();
        isDone = true;
      }
      return { done: true, value: result };
    },
    return(value) {
      isDone = true;
      return { done: true, value };
    },
    throw(error) {
      throw error;
    },
    [Symbol.iterator]() {
      return steps;
    },
  } as Generator<void, R, void>;
  return steps;
}

/** The engine's refusal of an input as data: an Error's class does not survive the trip between threads. */
export function refusalOf(error: unknown): PoolOutcome<never> | null {
  return error instanceof EngineInputError ? { ok: false, field: error.field, message: error.message } : null;
}

/**
 * One job run at once, as the server does when it has no pool threads. An EngineInputError is answered as data
 * (thread-scheduler.ts answers the same way).
 */
export function runPoolTask(task: PoolTask): PoolOutcome<unknown> {
  try {
    if (!('kind' in task)) return { ok: true, result: simulateMatchup(task.input) };
    const steps = poolTaskSteps(task);
    for (;;) {
      const step = steps.next();
      if (step.done) return { ok: true, result: step.value };
    }
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
}

/** One matchup simulation run at once (the inline path of a matchup task). */
export function runSimulationTask(task: SimulationTask): SimulationTaskOutcome {
  return runPoolTask(task) as SimulationTaskOutcome;
}
