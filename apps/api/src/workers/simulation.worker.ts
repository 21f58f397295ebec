/**
 * Worker-thread entry of the simulation pool (services/simulation/pool.ts): the thread holds several
 * jobs at once (matchups, season runs, trade searches) and runs them in turns (thread-scheduler.ts).
 * Bundled to dist/workers/simulation.worker.js by build.mjs.
 */
import { createThreadScheduler } from '../services/simulation/thread-scheduler.js';
import { type PoolOutcome, type PoolTask, poolTaskCost, poolTaskSteps } from '../services/simulation/task.js';

const scheduler = createThreadScheduler();

export default function runPoolTask(task: PoolTask): Promise<PoolOutcome<unknown>> {
  return scheduler.runSteps(task.owner, poolTaskCost(task), poolTaskSteps(task));
}
