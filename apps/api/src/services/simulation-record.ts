import { randomUUID } from 'node:crypto';
import { simulations, type Database } from '@fm/db';
import type { MatchupResult } from '@fm/engine';
import type { AppDeps } from '../deps.js';
import { createBufferedWriter, type BufferedWriter } from '../monitoring/buffered-writer.js';
import type { MatchupRequest } from './simulation-request.js';

/**
 * Rows wait at most this long and go in together: under load one insert carries a batch instead
 * of one insert per run (on the embedded database each costs the main thread about 1 ms). Readers
 * of the table call flushSimulationRecords first, so counts never miss a run already answered.
 */
const RECORD_FLUSH_INTERVAL_MS = 50;
/** Rows per insert at most (PostgreSQL caps bind parameters per statement). */
const RECORD_BATCH_SIZE = 200;

type SimulationRow = typeof simulations.$inferInsert;

const writers = new WeakMap<Database, BufferedWriter<SimulationRow>>();

function writerFor(deps: Pick<AppDeps, 'database' | 'log'>): BufferedWriter<SimulationRow> {
  let writer = writers.get(deps.database);
  if (!writer) {
    const { database, log } = deps;
    writer = createBufferedWriter<SimulationRow>(
      async (batch) => {
        await database.db.insert(simulations).values(batch);
      },
      (error, rows) => log.error({ err: error, rows }, 'could not record simulations'),
      { intervalMs: RECORD_FLUSH_INTERVAL_MS, batchSize: RECORD_BATCH_SIZE },
    );
    writers.set(database, writer);
  }
  return writer;
}

/** Writes the simulations still waiting; resolves once they are in the table. */
export async function flushSimulationRecords(database: Database): Promise<void> {
  await writers.get(database)?.flush();
}

/**
 * One row in `simulations` per run, for the admin metrics and the public counter, written within
 * RECORD_FLUSH_INTERVAL_MS. The summary keeps what an admin needs to understand a run without
 * storing whole answers.
 */
export function recordSimulation(
  deps: AppDeps,
  run: {
    userId: string | null;
    request: MatchupRequest;
    week: { season: number; week: number } | null;
    result: MatchupResult;
    durationMs: number;
    baselinePlayers: number;
  },
): string {
  const { request, result } = run;
  const id = randomUUID();
  writerFor(deps).push({
    id,
    userId: run.userId,
    kind: request.kind === 'analyze' ? 'matchup-analysis' : 'matchup',
    platform: request.platform,
    leagueId: request.leagueId,
    iterations: result.iterations,
    durationMs: run.durationMs,
    winProbability: result.winProbability,
    predictedScoreDifference: result.predictedScoreDifference,
    summary: {
      seed: result.seed,
      season: run.week?.season ?? null,
      week: run.week?.week ?? null,
      user: {
        name: request.user.name,
        rosterId: request.user.rosterId,
        mean: result.user.mean,
        starters: request.user.starters.length,
      },
      opponent: {
        name: request.opponent.name,
        rosterId: request.opponent.rosterId,
        mean: result.opponent.mean,
        starters: request.opponent.starters.length,
      },
      baselinePlayers: run.baselinePlayers,
    },
  });
  return id;
}
