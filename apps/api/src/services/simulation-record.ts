import { randomUUID } from 'node:crypto';
import { simulations, type Database } from '@fm/db';
import type { MatchupResult } from '@fm/engine';
import type { AppDeps } from '../deps.js';
import type { MatchupRequest } from './simulation-request.js';

/** Rows written in one insert at most (PostgreSQL caps bind parameters per statement). */
const MAX_ROWS_PER_INSERT = 500;

type SimulationRow = typeof simulations.$inferInsert;

interface PendingRow {
  row: SimulationRow;
  settle: (error?: unknown) => void;
}

interface RecordQueue {
  pending: PendingRow[];
  isWriting: boolean;
}

const queues = new WeakMap<Database, RecordQueue>();

/**
 * Group commit: while one insert is on its way, the rows of the requests that finish meanwhile
 * wait and then go in together, so a burst of simulations costs a few inserts rather than one
 * each, while every request still answers only once its row is stored.
 */
async function drain(database: Database, queue: RecordQueue): Promise<void> {
  queue.isWriting = true;
  while (queue.pending.length > 0) {
    const batch = queue.pending.splice(0, MAX_ROWS_PER_INSERT);
    try {
      await database.db.insert(simulations).values(batch.map((entry) => entry.row));
      for (const entry of batch) entry.settle();
    } catch (error) {
      for (const entry of batch) entry.settle(error);
    }
  }
  queue.isWriting = false;
}

function insertGrouped(database: Database, row: SimulationRow): Promise<void> {
  let queue = queues.get(database);
  if (!queue) {
    queue = { pending: [], isWriting: false };
    queues.set(database, queue);
  }
  const stored = new Promise<void>((resolve, reject) => {
    queue.pending.push({ row, settle: (error) => (error === undefined ? resolve() : reject(error)) });
  });
  if (!queue.isWriting) void drain(database, queue);
  return stored;
}

/**
 * One row in `simulations` per run, for the admin metrics and the public counter. The summary
 * keeps what an admin needs to understand a run without storing whole answers.
 */
export async function recordSimulation(
  deps: AppDeps,
  run: {
    userId: string | null;
    request: MatchupRequest;
    week: { season: number; week: number } | null;
    result: MatchupResult;
    durationMs: number;
    baselinePlayers: number;
  },
): Promise<string> {
  const { request, result } = run;
  const id = randomUUID();
  await insertGrouped(deps.database, {
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
