import path from 'node:path';
import { appState, type Database, type Db } from '@fm/db';
import { sql } from 'drizzle-orm';
import { fantasyPoints } from '../nfl-stats/fantasy-points.js';
import { bumpDataVersion } from '../data-version.js';
import { discoverNflDataFiles } from './discover-files.js';
import { planImport, type ImportProblem } from './import-plan.js';
import { produceModelProjections } from './model-projections.js';
import {
  measureSpreadByPosition,
  projectedPointsOf,
  toNflcomProjection,
  type ProjectedPoints,
} from './nflcom-projections.js';
import { writePlayers } from './player-writer.js';
import { writeProjections } from './projection-writer.js';
import { toStatRow, writeStatLines } from './stat-writer.js';
import { addCounts, type WriteCount } from './upsert-changed.js';

/** app_state key holding what the last NFL data import did. */
export const LAST_IMPORT_KEY = 'nfl_import';

export interface ImportProgress {
  done: number;
  total: number;
  /** What is being written now, e.g. "2025/3/WR.csv" or "model projections 2024". */
  step: string;
}

export interface ImportSummary {
  dataDir: string;
  files: number;
  /** Player lines read from the files (bye weeks included). */
  rows: number;
  /** Distinct players in the files. */
  players: number;
  /** Rows created or updated, by table; all 0 when the data was already imported. */
  changed: {
    players: WriteCount;
    stats: WriteCount;
    nflcomProjections: WriteCount;
    modelProjections: WriteCount;
  };
  totalChanged: number;
  problems: ImportProblem[];
  seconds: number;
}

export interface ImportOptions {
  onProgress?: (progress: ImportProgress) => void;
  /** Checked between files: an aborted import stops after the file being written. */
  signal?: AbortSignal;
}

const emptyCount = (): WriteCount => ({ created: 0, updated: 0 });

/**
 * One file's writes, all or nothing. The commit does not wait for the disk flush: a crash can
 * lose the last files written, never corrupt them, and the import is safe to repeat.
 */
function inFileTransaction<T>(database: Database, write: (db: Db) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit to off`);
    return write(tx as unknown as Db);
  });
}

/**
 * Imports a folder of NFL.com weekly CSVs (the nfl-data layout): players, every actual stat
 * line, NFL.com's projections (source 'nflcom'), then our model's projections (source
 * 'model') for every week and the week after the last. Each file is written in its own
 * transaction; malformed lines are reported with file and line and the rest is kept.
 * Repeating an import changes nothing.
 */
export async function importNflData(
  database: Database,
  dataDir: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = performance.now();
  const files = discoverNflDataFiles(dataDir);
  const plan = planImport(files);
  const changed = {
    players: emptyCount(),
    stats: emptyCount(),
    nflcomProjections: emptyCount(),
    modelProjections: emptyCount(),
  };
  const seasons = [...new Set(files.map((file) => file.season))];
  const total = files.length + 1 + seasons.length;
  let done = 0;
  const progress = (step: string) => {
    options.signal?.throwIfAborted();
    options.onProgress?.({ done, total, step });
  };

  progress('players');
  const { ids, count } = await inFileTransaction(database, (db) => writePlayers(db, plan.players));
  addCounts(changed.players, count);
  done++;

  const actualPpr = new Map<string, number>();
  const projected: Array<{ entries: ProjectedPoints[] }> = [];
  for (const { file, rows } of plan.files) {
    if (file.kind === 'projected') {
      projected.push({
        entries: rows.flatMap((row) => projectedPointsOf(row, file.season, file.week, fantasyPoints) ?? []),
      });
      continue;
    }
    progress(file.name);
    const lines = rows.map((row) => toStatRow(row, ids.get(row.nflId)!, file.season, file.week));
    for (const row of rows)
      actualPpr.set(`${row.nflId}:${file.season}:${file.week}`, fantasyPoints(row.stats).ppr);
    addCounts(changed.stats, await inFileTransaction(database, (db) => writeStatLines(db, lines)));
    done++;
  }

  const spread = measureSpreadByPosition(
    projected.flatMap((file) => file.entries),
    (nflId, season, week) => actualPpr.get(`${nflId}:${season}:${week}`),
  );
  const projectedFiles = plan.files.filter(({ file }) => file.kind === 'projected');
  for (const [index, { file }] of projectedFiles.entries()) {
    progress(file.name);
    const rows = projected[index]!.entries.map((entry) =>
      toNflcomProjection(entry, ids.get(entry.row.nflId)!, spread),
    );
    addCounts(
      changed.nflcomProjections,
      await inFileTransaction(database, (db) => writeProjections(db, rows)),
    );
    done++;
  }

  for (const season of seasons) {
    progress(`model projections ${season}`);
    addCounts(changed.modelProjections, await produceModelProjections(database, season));
    done++;
  }
  progress('done');

  const totalChanged = Object.values(changed).reduce((sum, c) => sum + c.created + c.updated, 0);
  const summary: ImportSummary = {
    dataDir: path.resolve(dataDir),
    files: files.length,
    rows: plan.lineCount,
    players: plan.players.length,
    changed,
    totalChanged,
    problems: plan.problems,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  await recordImport(database, summary);
  return summary;
}

async function recordImport(database: Database, summary: ImportSummary): Promise<void> {
  const value = { ...summary, problems: summary.problems.length, importedAt: new Date().toISOString() };
  await database.db
    .insert(appState)
    .values({ key: LAST_IMPORT_KEY, value })
    .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: new Date() } });
  if (summary.totalChanged > 0) await bumpDataVersion(database);
}
