import { drawnPlayerCount, type ForcedResult, type MatchupInput, type SeasonOutlookInput } from '@fm/engine';
import type { AppDeps } from '../../deps.js';
import { validationError } from '../../errors.js';
import type { SimulationSlot } from '../simulation/admission.js';
import { seasonRunCost } from './season-odds.js';

/** The simulations of one rest-of-season call, each checked against the cost caps and run on the simulation threads. */
export interface CallerRuns {
  /** P(playoffs) by roster id: a season run on the simulation threads (the event loop only waits for it). */
  playoffOdds(input: SeasonOutlookInput, forcedResult?: ForcedResult): Promise<Map<number, number>>;
  /** P(win) of this week's matchup on the simulation threads, or null without one. */
  winProbability(input: MatchupInput | null): Promise<number | null>;
  /** Season runs so far. */
  readonly seasonRuns: number;
  /** Matchup runs so far. */
  readonly matchupRuns: number;
}

export interface CallerRunsOptions {
  /**
   * The call already holds its turn of the queue (the trade tools run their search and pricing in one turn): its
   * runs go to the threads directly, as the trade search does. Asking the queue for a second turn from inside
   * the first could wait on itself when the queue is full.
   */
  isInTurn?: boolean;
}

export function callerRuns(
  deps: AppDeps,
  caller: { userId: string; slot: SimulationSlot },
  { isInTurn = false }: CallerRunsOptions = {},
): CallerRuns {
  const { queue } = deps.simulationAdmission;
  const owner = caller.userId;
  const inTurn = <T>(task: () => Promise<T>): Promise<T> => (isInTurn ? task() : queue.run(owner, task));
  let seasonRuns = 0;
  let matchupRuns = 0;
  return {
    async playoffOdds(input, forcedResult) {
      caller.slot.check(seasonRunCost(input));
      seasonRuns++;
      const season = forcedResult ? { ...input, forcedResult } : input;
      const outcome = await inTurn(() => deps.simulationRunner.runSeason({ owner, season }));
      if (!outcome.ok) throw validationError(outcome.message, outcome.field);
      return new Map(outcome.result.teams.map((team) => [Number(team.id), team.playoffProbability]));
    },
    async winProbability(input) {
      if (!input) return null;
      caller.slot.check({ iterations: input.iterations ?? 0, players: drawnPlayerCount(input) });
      matchupRuns++;
      const outcome = await inTurn(() => deps.simulationRunner.run({ owner, input }));
      if (!outcome.ok) throw validationError(outcome.message, outcome.field);
      return outcome.result.winProbability;
    },
    get seasonRuns() {
      return seasonRuns;
    },
    get matchupRuns() {
      return matchupRuns;
    },
  };
}
