import { EngineInputError, simulateMatchup, type MatchupInput, type MatchupResult } from '@fm/engine';

/** One simulation for the threads: the input, and whose it is (a thread serves its owners in turn). */
export interface SimulationTask {
  owner: string;
  input: MatchupInput;
}

/** What a pool thread answers: the result, or the engine's refusal of the input (a client error). */
export type SimulationTaskOutcome =
  { ok: true; result: MatchupResult } | { ok: false; field: string; message: string };

/**
 * One matchup simulation run at once, as the server does when it has no pool threads. An
 * EngineInputError is answered as data because an Error's class does not survive the trip between
 * threads (thread-scheduler.ts answers the same way).
 */
export function runSimulationTask({ input }: SimulationTask): SimulationTaskOutcome {
  try {
    return { ok: true, result: simulateMatchup(input) };
  } catch (error) {
    if (error instanceof EngineInputError) return { ok: false, field: error.field, message: error.message };
    throw error;
  }
}
