import { drawnPlayerCount, type ForcedResult, type MatchupInput, type SeasonOutlookInput } from '@fm/engine';
import type { AppDeps } from '../../deps.js';
import type { SimulationSlot } from '../simulation/admission.js';
import { runMatchupInPool } from '../simulation/run-matchup.js';
import { playoffOdds, seasonRunCost } from './season-odds.js';

/** The simulations of one rest-of-season call, each checked against the cost cap and run in the caller's turn. */
export interface CallerRuns {
  /** P(playoffs) by roster id: a season run (on this thread; a few hundred ms at most), queued as simulations are. */
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
      return queue.run(caller.userId, async () => playoffOdds(input, forcedResult));
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
