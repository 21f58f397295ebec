import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MatchupInput } from '@fm/engine';
import { Piscina } from 'piscina';
import { defaultSimulationWorkers } from '../../config.js';
import { runSimulationTask, type SimulationTaskOutcome } from './task.js';

/** Threads stay warm this long after their last task, then exit (idle threads never hold the process open). */
const IDLE_THREAD_TIMEOUT_MS = 60_000;

interface PoolLogger {
  warn(details: object, message: string): void;
}

/**
 * Where the worker entry is:
 * - the server bundle (dist/main.js) has it built next to it as dist/workers/simulation.worker.js;
 * - from source (tsx, vitest) this module is src/services/simulation/pool.ts and the entry is the
 *   .ts file, which a thread can only load through tsx's loader (`--import tsx`).
 * The .js candidates come first, so a built server never depends on tsx.
 */
function locateWorkerEntry(): { filename: string; execArgv: string[] } | null {
  const candidates = [
    new URL('./workers/simulation.worker.js', import.meta.url),
    new URL('../workers/simulation.worker.js', import.meta.url),
  ];
  for (const url of candidates) {
    if (existsSync(url)) return { filename: fileURLToPath(url), execArgv: [] };
  }
  const source = new URL('../../workers/simulation.worker.ts', import.meta.url);
  if (!existsSync(source)) return null;
  try {
    const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { filename: fileURLToPath(source), execArgv: ['--import', tsxLoader] };
  } catch {
    return null; // no tsx: run inline
  }
}

export interface SimulationRunner {
  /** Runs one simulation off the event loop (inline if no pool could start). */
  run(input: MatchupInput): Promise<SimulationTaskOutcome>;
  readonly mode: 'pool' | 'inline';
  /** Worker threads running now (they start on demand, up to the pool's size, and idle out). */
  readonly liveThreads: number;
  close(): Promise<void>;
}

export interface SimulationRunnerOptions {
  /** Pool size (SIMULATION_WORKERS); the cores less one by default. */
  threads?: number | undefined;
  log?: PoolLogger | undefined;
}

/**
 * A pool of worker threads, so that a simulation never blocks the event loop.
 * If the pool fails to run a task that runs fine inline (a thread could not load its entry),
 * it is given up for the life of the process and simulations run inline, with one warning:
 * answers stay right, only slower under load.
 */
export function createSimulationRunner(options: SimulationRunnerOptions = {}): SimulationRunner {
  const { log } = options;
  const entry = locateWorkerEntry();
  let pool: Piscina | null = entry
    ? new Piscina({
        filename: entry.filename,
        execArgv: [...process.execArgv, ...entry.execArgv],
        maxThreads: options.threads ?? defaultSimulationWorkers(),
        minThreads: 0,
        idleTimeout: IDLE_THREAD_TIMEOUT_MS,
      })
    : null;

  const runInline = async (input: MatchupInput) => runSimulationTask(input);

  return {
    get mode() {
      return pool ? 'pool' : 'inline';
    },
    get liveThreads() {
      return pool?.threads.length ?? 0;
    },
    async run(input) {
      if (!pool) return runInline(input);
      try {
        return (await pool.run(input)) as SimulationTaskOutcome;
      } catch (poolError) {
        // An engine bug throws inline too and is reported as such; only a broken pool is given up.
        const outcome = await runInline(input);
        log?.warn({ err: poolError }, 'simulation worker pool failed; running simulations inline');
        const broken = pool;
        pool = null;
        void broken?.destroy();
        return outcome;
      }
    },
    async close() {
      const closing = pool;
      pool = null;
      await closing?.destroy();
    },
  };
}

let sharedRunner: SimulationRunner | null = null;

/** The process's one runner, sized by its first caller (the server passes SIMULATION_WORKERS). */
export function getSimulationRunner(options: SimulationRunnerOptions = {}): SimulationRunner {
  sharedRunner ??= createSimulationRunner(options);
  return sharedRunner;
}
