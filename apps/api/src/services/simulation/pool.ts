import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { defaultSimulationWorkers } from '../../config.js';
import {
  type PoolOutcome,
  type PoolTask,
  runPoolTask,
  type SeasonTask,
  type SeasonTaskOutcome,
  type SimulationTask,
  type SimulationTaskOutcome,
  type TradeSearchOutcome,
  type TradeSearchTask,
} from './task.js';

/** Threads stay warm this long after their last task, then exit (idle threads never hold the process open). */
const IDLE_THREAD_TIMEOUT_MS = 60_000;

/**
 * Simulations one thread holds at once, run in turns (thread-scheduler.ts): two users' whole
 * allowance in flight, so that one user's runs never fill a thread and another user's run starts on
 * a thread at once (and goes first there). Each held run keeps its own buffers, about 1 MB at an
 * ordinary user's largest run.
 */
export const RUNS_PER_THREAD = 8;

type LoadBalancer = NonNullable<NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer']>;

/**
 * An idle thread first; else a new thread while the pool may still grow (`null` makes Piscina start
 * one); else the thread holding the fewest runs, while it has room.
 */
function idleThenNewThenLeastBusy(maxThreads: number): LoadBalancer {
  return (_task, workers) => {
    const live = workers.filter((worker) => !worker.terminating && !worker.destroyed);
    const idle = live.find((worker) => worker.currentUsage === 0);
    if (idle) return idle;
    if (live.length < maxThreads) return null;
    let chosen: (typeof live)[number] | null = null;
    for (const worker of live) {
      if (worker.currentUsage < RUNS_PER_THREAD && (!chosen || worker.currentUsage < chosen.currentUsage))
        chosen = worker;
    }
    return chosen;
  };
}

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
  run(task: SimulationTask): Promise<SimulationTaskOutcome>;
  /** Runs one season run (playoff odds) off the event loop. */
  runSeason(task: Omit<SeasonTask, 'kind'>): Promise<SeasonTaskOutcome>;
  /** Runs one win-win trade search off the event loop. */
  runTradeSearch(task: Omit<TradeSearchTask, 'kind'>): Promise<TradeSearchOutcome>;
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
  const maxThreads = options.threads ?? defaultSimulationWorkers();
  let pool: Piscina | null = entry
    ? new Piscina({
        filename: entry.filename,
        execArgv: [...process.execArgv, ...entry.execArgv],
        maxThreads,
        minThreads: 0,
        idleTimeout: IDLE_THREAD_TIMEOUT_MS,
        concurrentTasksPerWorker: RUNS_PER_THREAD,
        loadBalancer: idleThenNewThenLeastBusy(maxThreads),
      })
    : null;

  const runInline = async (task: PoolTask) => runPoolTask(task);

  const run = async (task: PoolTask): Promise<PoolOutcome<unknown>> => {
    if (!pool) return runInline(task);
    try {
      return (await pool.run(task)) as PoolOutcome<unknown>;
    } catch (poolError) {
      // An engine bug throws inline too and is reported as such; only a broken pool is given up.
      const outcome = await runInline(task);
      log?.warn({ err: poolError }, 'simulation worker pool failed; running simulations inline');
      const broken = pool;
      pool = null;
      void broken?.destroy();
      return outcome;
    }
  };

  return {
    get mode() {
      return pool ? 'pool' : 'inline';
    },
    get liveThreads() {
      return pool?.threads.length ?? 0;
    },
    run: (task) => run(task) as Promise<SimulationTaskOutcome>,
    runSeason: (task) => run({ kind: 'season', ...task }) as Promise<SeasonTaskOutcome>,
    runTradeSearch: (task) => run({ kind: 'trades', ...task }) as Promise<TradeSearchOutcome>,
    async close() {
      const closing = pool;
      pool = null;
      await closing?.destroy();
    },
  };
}
