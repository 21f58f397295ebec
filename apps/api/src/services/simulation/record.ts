import { randomUUID } from 'node:crypto';
import { simulations } from '@fm/db';
import type { MatchupResult } from '@fm/engine';
import type { CoreDeps } from '../../core-deps.js';
import { createBufferedWriter } from '../../monitoring/buffered-writer.js';
import type { MatchupRequest } from './request.js';

/**
 * Group commit: a run's answer carries its simulation id only once the row is committed, so an id
 * handed out never points to nothing (a crash or an outage loses only runs not yet answered).
 * Rows arriving while an insert is under way go together in the next one, so under load one
 * insert carries a batch (on the embedded database each costs the main thread about 1 ms).
 */
const RECORD_FLUSH_INTERVAL_MS = 0;
/** Rows per insert at most (PostgreSQL caps bind parameters per statement). */
const RECORD_BATCH_SIZE = 200;

type SimulationRow = typeof simulations.$inferInsert;

/** The `simulations` rows of one server, written in batches (group commit, above). */
export interface SimulationRecords {
  /** Resolves once `row` is committed (rejects when it was not). */
  write(row: SimulationRow): Promise<void>;
  /** Writes the simulations still waiting; resolves once they are in the table. */
  flush(): Promise<void>;
}

export function createSimulationRecords({
  database,
  log,
}: Pick<CoreDeps, 'database' | 'log'>): SimulationRecords {
  const writer = createBufferedWriter<SimulationRow>({
    // a retry after a commit whose answer was lost finds its rows there already
    write: async (batch) => {
      await database.db.insert(simulations).values(batch).onConflictDoNothing({ target: simulations.id });
    },
    log,
    label: 'simulation records',
    intervalMs: RECORD_FLUSH_INTERVAL_MS,
    batchSize: RECORD_BATCH_SIZE,
  });
  return { write: (row) => writer.pushAndWait(row), flush: () => writer.flush() };
}

/** What the record keeps of the run's request: its kind, league and the two teams. */
export interface RecordedRun {
  kind: 'simulate' | 'analyze';
  platform: string | null;
  leagueId: string | null;
  user: { name: string | null; rosterId: string | null; starters: number };
  opponent: { name: string | null; rosterId: string | null; starters: number };
}

/** A matchup request as the record keeps it. */
export function recordedRunOf(request: MatchupRequest): RecordedRun {
  const team = (side: MatchupRequest['user']) => ({
    name: side.name,
    rosterId: side.rosterId,
    starters: side.starters.length,
  });
  return {
    kind: request.kind,
    platform: request.platform,
    leagueId: request.leagueId,
    user: team(request.user),
    opponent: team(request.opponent),
  };
}

/**
 * One row in `simulations` per run, for the admin metrics, the public counter and the user's recent simulations;
 * resolves with its id once committed, and rejects (DatabaseUnavailableError while the database is unreachable)
 * when it was not. The summary keeps what an admin needs to understand a run without storing whole answers.
 */
export async function recordSimulation(
  deps: { simulationRecords: SimulationRecords },
  run: {
    userId: string | null;
    request: RecordedRun;
    week: { season: number; week: number } | null;
    result: MatchupResult;
    durationMs: number;
    baselinePlayers: number;
  },
): Promise<string> {
  const { request, result } = run;
  const id = randomUUID();
  await deps.simulationRecords.write({
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
        starters: request.user.starters,
      },
      opponent: {
        name: request.opponent.name,
        rosterId: request.opponent.rosterId,
        mean: result.opponent.mean,
        starters: request.opponent.starters,
      },
      baselinePlayers: run.baselinePlayers,
    },
  });
  return id;
}
