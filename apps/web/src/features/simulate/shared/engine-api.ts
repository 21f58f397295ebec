/**
 * The engine functions the browser runs off the main thread, in one object so that the worker
 * (engine.worker.ts) exposes exactly what the hook (use-engine-preview.ts) can call.
 *
 * Results are plain objects of a few kilobytes (40-bin histograms, one summary per player), so structured
 * cloning them costs well under a millisecond; any typed array a result carries is transferred, not copied.
 */
import { transfer } from 'comlink';
import {
  optimizeLineup,
  simulateMatchup,
  simulateSeasonOutlook,
  type LineupLabInput,
  type LineupLabResult,
  type MatchupInput,
  type MatchupResult,
  type SeasonOutlookInput,
  type SeasonOutlookResult,
} from '@fm/engine';

/** What each kind of run takes and answers. */
export interface EngineTasks {
  matchup: { input: MatchupInput; result: MatchupResult };
  lineup: { input: LineupLabInput; result: LineupLabResult };
  season: { input: SeasonOutlookInput; result: SeasonOutlookResult };
}
export type EngineTask = keyof EngineTasks;
export type EngineInput<T extends EngineTask> = EngineTasks[T]['input'];
export type EngineResult<T extends EngineTask> = EngineTasks[T]['result'];

/** The surface the engine worker exposes. */
export interface EngineApi {
  run<T extends EngineTask>(task: T, input: EngineInput<T>): EngineResult<T>;
}

/** What callers on the main thread hold: the same calls, answered asynchronously. */
export interface EngineClient {
  run<T extends EngineTask>(task: T, input: EngineInput<T>): Promise<EngineResult<T>>;
}

const RUNNERS: { [T in EngineTask]: (input: EngineInput<T>) => EngineResult<T> } = {
  matchup: simulateMatchup,
  lineup: optimizeLineup,
  season: simulateSeasonOutlook,
};

// Buffers of typed arrays up to two levels deep (result fields and their fields): the engine's results keep
// large per-iteration data out, but a transfer here keeps any that appear from being copied.
function typedArrayBuffers(value: unknown, depth = 2, into: ArrayBuffer[] = []): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer && !into.includes(value.buffer)) into.push(value.buffer);
  } else if (depth > 0 && value && typeof value === 'object') {
    for (const field of Object.values(value)) typedArrayBuffers(field, depth - 1, into);
  }
  return into;
}

export const engineApi: EngineApi = {
  run(task, input) {
    const runner = RUNNERS[task] as (input: unknown) => EngineResult<typeof task>;
    const result = runner(input);
    const buffers = typedArrayBuffers(result);
    return buffers.length > 0 ? transfer(result, buffers) : result;
  },
};
