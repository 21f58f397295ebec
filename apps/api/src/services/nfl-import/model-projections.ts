import { roundPoints } from '@fm/projections';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Database } from '@fm/db';
import type { PlayerProjection, WeekData } from '@fm/projections';
import { loadModelInputs, type NflWeek } from './model-weeks.js';
import { walkForwardProjections, type ProjectedWeek } from './model-walk.js';
import { compactStats } from './nflcom-projections.js';
import { writeProjections, type ProjectionRow } from './projection-writer.js';
import { addCounts, type WriteCount } from './upsert-changed.js';
import { inWriteTransaction } from './write-transaction.js';

import { MODEL_SOURCE } from '../projections/projection-sources.js';

export interface ModelProgress {
  /** Weeks projected so far, of `total`. */
  done: number;
  total: number;
  season: number;
  week: number;
}

export interface ModelRunOptions {
  /** The NFL week being played now (from Sleeper's state): its stat lines are not results yet. */
  current?: NflWeek;
  onProgress?: (progress: ModelProgress) => void;
}

function toModelRow(projection: PlayerProjection): ProjectionRow {
  const isScheduleKnown = projection.opponent !== '';
  return {
    player_id: projection.playerId,
    season: projection.season,
    week: projection.week,
    source: MODEL_SOURCE,
    model_version: projection.modelVersion,
    team: projection.team,
    opponent: isScheduleKnown ? `${projection.isHome ? '' : '@'}${projection.opponent}` : null,
    pred_mean: roundPoints(projection.predMean),
    pred_std: roundPoints(projection.predStd),
    p10: roundPoints(projection.p10),
    p50: roundPoints(projection.p50),
    p90: roundPoints(projection.p90),
    stats: compactStats(projection.stats),
  };
}

/**
 * The worker entry: built next to the server bundle (dist/workers/…js), or the .ts source
 * loaded through tsx when running from source. Null when neither can run.
 */
function locateWorker(): { filename: string; execArgv: string[] } | null {
  for (const url of [
    new URL('./workers/model-projections.worker.js', import.meta.url),
    new URL('../workers/model-projections.worker.js', import.meta.url),
  ]) {
    if (existsSync(url)) return { filename: fileURLToPath(url), execArgv: [] };
  }
  const source = new URL('../../workers/model-projections.worker.ts', import.meta.url);
  if (!existsSync(source)) return null;
  try {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { filename: fileURLToPath(source), execArgv: ['--import', tsx] };
  } catch {
    return null;
  }
}

async function projectWeeksInline(
  weeks: WeekData[],
  current: NflWeek | undefined,
  onWeek: (week: ProjectedWeek) => Promise<void>,
): Promise<void> {
  for (const week of walkForwardProjections(weeks, current)) await onWeek(week);
}

/**
 * Projects the weeks in a worker thread (training is CPU-bound and the database writes are
 * too), handing each week to `onWeek` as it comes; inline when no worker can start.
 */
async function projectWeeks(
  weeks: WeekData[],
  current: NflWeek | undefined,
  onWeek: (week: ProjectedWeek) => Promise<void>,
): Promise<void> {
  const entry = locateWorker();
  if (!entry) return projectWeeksInline(weeks, current, onWeek);
  let weeksDone = 0;
  try {
    await projectWeeksInWorker(entry, { weeks, current }, async (week) => {
      weeksDone++;
      await onWeek(week);
    });
  } catch (error) {
    // a worker that could not even load its entry is given up; any other failure is real
    if (weeksDone > 0) throw error;
    await projectWeeksInline(weeks, current, onWeek);
  }
}

async function projectWeeksInWorker(
  entry: { filename: string; execArgv: string[] },
  workerData: { weeks: WeekData[]; current: NflWeek | undefined },
  onWeek: (week: ProjectedWeek) => Promise<void>,
): Promise<void> {
  const worker = new Worker(entry.filename, {
    workerData,
    execArgv: [...process.execArgv, ...entry.execArgv],
  });
  const pending: ProjectedWeek[] = [];
  let isFinished = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (week: ProjectedWeek | null) => {
    if (week === null) isFinished = true;
    else pending.push(week);
    notify();
  });
  worker.on('error', (error) => {
    failure = error;
    notify();
  });
  worker.on('exit', (code) => {
    if (!isFinished && failure === null) failure = new Error(`the model worker stopped (exit code ${code})`);
    notify();
  });
  try {
    for (;;) {
      const week = pending.shift();
      if (week) {
        await onWeek(week);
        continue;
      }
      if (failure !== null) throw failure;
      if (isFinished) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    await worker.terminate();
  }
}

/**
 * Our model's projections (@fm/projections, walking forward: each week from a model trained
 * only on the weeks before it) for every held week, every position, from whichever expert
 * projections a week has (NFL.com's, Sleeper's or both); plus the current week (or, without
 * one, the week after the last) when no expert has projected it yet. Rows already as computed
 * are not rewritten, so a run with nothing new changes 0 rows.
 */
export async function produceModelProjections(
  database: Database,
  options: ModelRunOptions = {},
): Promise<WriteCount> {
  const { current, onProgress = () => {} } = options;
  const weeks = await loadModelInputs(database.db, { current });
  const count: WriteCount = { created: 0, updated: 0 };
  await projectWeeks(weeks, current, async (week) => {
    onProgress({ done: week.done, total: week.total, season: week.season, week: week.week });
    const rows = week.projections.map(toModelRow);
    addCounts(count, await inWriteTransaction(database, (db) => writeProjections(db, rows)));
  });
  return count;
}
