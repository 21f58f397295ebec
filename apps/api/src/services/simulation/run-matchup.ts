import type { MatchupInput, MatchupResult } from '@fm/engine';
import type { AppDeps } from '../../deps.js';
import { validationError } from '../../errors.js';
import { simulationAdmission } from './admission.js';
import { getSimulationRunner } from './pool.js';

/**
 * One admitted simulation run in the worker pool, in its owner's turn of the queue; the engine's refusal of the
 * input is a 400.
 */
export async function runMatchupInPool(
  deps: AppDeps,
  owner: string,
  input: MatchupInput,
): Promise<{ result: MatchupResult; durationMs: number }> {
  const runner = getSimulationRunner({ threads: deps.config.simulationWorkers, log: deps.log });
  const startedAt = performance.now();
  const outcome = await simulationAdmission(deps).queue.run(owner, () => runner.run({ owner, input }));
  const durationMs = performance.now() - startedAt;
  if (!outcome.ok) throw validationError(outcome.message, outcome.field);
  return { result: outcome.result, durationMs };
}
