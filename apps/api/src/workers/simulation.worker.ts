/**
 * Worker-thread entry of the simulation pool (services/simulation/pool.ts): runs one matchup
 * simulation per task. Bundled to dist/workers/simulation.worker.js by build.mjs.
 */
import { runSimulationTask } from '../services/simulation/task.js';

export default runSimulationTask;
