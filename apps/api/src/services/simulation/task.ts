import { EngineInputError, simulateMatchup, type MatchupInput, type MatchupResult } from '@fm/engine';

/** What a pool thread answers: the result, or the engine's refusal of the input (a client error). */
export type SimulationTaskOutcome =
  { ok: true; result: MatchupResult } | { ok: false; field: string; message: string };

/**
 * One matchup simulation, the same call in a pool thread and inline. An EngineInputError is
 * answered as data because an Error's class does not survive the trip between threads.
 */
export function runSimulationTask(input: MatchupInput): SimulationTaskOutcome {
  try {
    return { ok: true, result: simulateMatchup(input) };
  } catch (error) {
    if (error instanceof EngineInputError) return { ok: false, field: error.field, message: error.message };
    throw error;
  }
}
