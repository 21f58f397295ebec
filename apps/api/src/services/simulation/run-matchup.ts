import type { MatchupInput, MatchupResult } from '@fm/engine';
import type { AppDeps } from '../../deps.js';
import { validationError } from '../../errors.js';

/**
 * One admitted simulation run in the worker pool, in its owner's turn of the queue; the engine's refusal of the
 * input is a 400.
 */
export async function runMatchupInPool(
  deps: Pick<AppDeps, 'simulationAdmission' | 'simulationRunner'>,
  owner: string,
  input: MatchupInput,
): Promise<{ result: MatchupResult; durationMs: number }> {
  const startedAt = performance.now();
  const outcome = await deps.simulationAdmission.queue.run(owner, () =>
    deps.simulationRunner.run({ owner, input }),
  );
  const durationMs = performance.now() - startedAt;
  if (!outcome.ok) throw validationError(outcome.message, outcome.field);
  return { result: outcome.result, durationMs };
}
