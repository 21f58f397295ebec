/**
 * Worker-thread entry of the model step of the NFL data import (services/nfl-import/
 * model-projections.ts): trains and projects week after week while the main thread writes the
 * weeks already projected. Bundled to dist/workers/model-projections.worker.js by build.mjs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { WeekData } from '@fm/projections';
import { walkForwardProjections } from '../services/nfl-import/model-walk.js';
import type { NflWeek } from '../services/nfl-import/model-weeks.js';

const { weeks, current } = workerData as { weeks: WeekData[]; current: NflWeek | undefined };
for (const week of walkForwardProjections(weeks, current)) parentPort!.postMessage(week);
parentPort!.postMessage(null);
