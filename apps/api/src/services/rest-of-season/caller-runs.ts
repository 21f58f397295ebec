import { drawnPlayerCount, type ForcedResult, type MatchupInput, type SeasonOutlookInput } from '@fm/engine';
import type { AppDeps } from '../../deps.js';
import { validationError } from '../../errors.js';
import type { SimulationSlot } from '../simulation/admission.js';
import { runMatchupInPool } from '../simulation/run-matchup.js';
import { seasonRunCost } from './season-odds.js';

/** The simulations of one rest-of-season call, each checked against the cost caps and run in the caller's turn. */
export interface CallerRuns {
  /**
   * P(playoffs) by roster id: a season run on the simulation threads (the event loop only waits for it), queued as
   * simulations are.
   */
  playoffOdds(input: SeasonOutlookInput, forcedResult?: ForcedResult): Promise<Map<number, number>>;
  /** P(win) of this week's matchup on the simulation threads, or null without one. */
  winProbability(input: MatchupInput | null): Promise<number | null>;
  /** Season runs so far. */
  readonly seasonRuns: number;
  /** Matchup runs so far. */
  readonly matchupRuns: number;
}

export function callerRuns(deps: AppDeps, caller: { userId: string; slot: SimulationSlot }): CallerRuns {
  const { queue } = deps.simulationAdmission;
  let seasonRuns = 0;
  let matchupRuns = 0;
  return {
    async playoffOdds(input, forcedResult) {
      caller.slot.check(seasonRunCost(input));
      seasonRuns++;
      const season = forcedResult ? { ...input, forcedResult } : input;
      const outcome = await queue.run(caller.userId, () =>
        deps.simulationRunner.runSeason({ owner: caller.userId, season }),
      );
      if (!outcome.ok) throw validationError(outcome.message, outcome.field);
      return new Map(outcome.result.teams.map((team) => [Number(team.id), team.playoffProbability]));
    },
    async winProbability(input) {
      if (!input) return null;
      caller.slot.check({ iterations: input.iterations ?? 0, players: drawnPlayerCount(input) });
      matchupRuns++;
      const { result } = await runMatchupInPool(deps, caller.userId, input);
      return result.winProbability;
    },
    get seasonRuns() {
      return seasonRuns;
    },
    get matchupRuns() {
      return matchupRuns;
    },
  };
}
