/**
 * One shared engine worker for the page, created on first use.
 *
 *   const engine = getEngineWorker();
 *   const result = await engine.run('matchup', { user, opponent, iterations: 10_000, seed: 42 });
 *
 * Calls are queued in the worker in order; one call cannot be interrupted once it started (the engine is
 * synchronous), which is why useEnginePreview keeps at most one run in flight and skips stale ones.
 */
import { wrap } from 'comlink';
import type { EngineApi, EngineClient, EngineInput, EngineResult, EngineTask } from './engine-api.js';

let sharedWorker: { worker: Worker; client: EngineClient } | null = null;

export function getEngineWorker(): EngineClient {
  if (!sharedWorker) {
    // Vite recognises this exact `new Worker(new URL(…, import.meta.url))` form and bundles the worker.
    const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), {
      type: 'module',
      name: 'fm-engine',
    });
    const remote = wrap<EngineApi>(worker);
    // comlink's Remote type drops the generic of `run`; restore it.
    const client: EngineClient = {
      run: <T extends EngineTask>(task: T, input: EngineInput<T>) =>
        remote.run(task, input) as Promise<EngineResult<T>>,
    };
    sharedWorker = { worker, client };
  }
  return sharedWorker.client;
}

/** Stops the shared worker (e.g. on logout); the next getEngineWorker() starts a fresh one. */
export function terminateEngineWorker(): void {
  sharedWorker?.worker.terminate();
  sharedWorker = null;
}
