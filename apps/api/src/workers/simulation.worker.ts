/**
 * Worker-thread entry of the simulation pool (services/simulation/pool.ts): the thread holds several
 * simulations at once and runs them in turns (thread-scheduler.ts). Bundled to
 * dist/workers/simulation.worker.js by build.mjs.
 */
import { createThreadScheduler } from '../services/simulation/thread-scheduler.js';
import type { SimulationTask, SimulationTaskOutcome } from '../services/simulation/task.js';

const scheduler = createThreadScheduler();

export default function runSimulationTask({ owner, input }: SimulationTask): Promise<SimulationTaskOutcome> {
  return scheduler.run(owner, input);
}
