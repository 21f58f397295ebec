/**
 * The page's engine workers, created on first use.
 *
 *   const engine = getEngineWorker();
 *   const result = await engine.run('matchup', { user, opponent, iterations: DEFAULT_ITERATIONS, seed: 42 });
 *
 * Each task kind ('matchup', 'lineup', 'season') has its own worker, so a long lineup-lab or
 * season run never delays the instant matchup preview queued behind it. Within one worker calls
 * run in order and cannot be interrupted once started (the engine is synchronous), which is why
 * useEnginePreview keeps at most one run in flight and skips stale ones.
 */
import { wrap, type Remote } from 'comlink';
import type { EngineApi, EngineClient, EngineInput, EngineResult, EngineTask } from './engine-api.js';

interface EngineWorker {
  worker: Worker;
  remote: Remote<EngineApi>;
}

const workers = new Map<EngineTask, EngineWorker>();

function workerFor(task: EngineTask): EngineWorker {
  let entry = workers.get(task);
  if (!entry) {
    // Vite recognizes this exact `new Worker(new URL(…, import.meta.url))` form and bundles the worker.
    const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), {
      type: 'module',
      name: `fm-engine-${task}`,
    });
    entry = { worker, remote: wrap<EngineApi>(worker) };
    workers.set(task, entry);
  }
  return entry;
}

const client: EngineClient = {
  // comlink's Remote type drops the generic of `run`; restore it.
  run: <T extends EngineTask>(task: T, input: EngineInput<T>) =>
    workerFor(task).remote.run(task, input) as Promise<EngineResult<T>>,
};

export function getEngineWorker(): EngineClient {
  return client;
}
