import path from 'node:path';
import { appState } from '@fm/db';
import type { PlayerWeekIdentity, ProjectedRow, WeeklyStatRow } from '@fm/projections';
import type { DataDeps } from '../../core-deps.js';
import { discoverNflDataFiles } from './discover-files.js';
import { planImport, type ImportProblem } from './import-plan.js';
import { produceModelProjections } from './model-projections.js';
import {
  actualPprOf,
  measureSpreadByPosition,
  nflcomPointsOf,
  toNflcomProjection,
} from './nflcom-projections.js';
import { writePlayers } from './player-writer.js';
import { writeProjections } from './projection-writer.js';
import { toStatRow, writeStatLines } from './stat-writer.js';
import { addCounts, type WriteCount } from './upsert-changed.js';
import { inWriteTransaction } from './write-transaction.js';

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
 * Imports a folder of NFL.com weekly CSVs (the nfl-data layout): players, every actual stat
 * line, NFL.com's projections (source 'nflcom'), then our model's projections (source
 * 'model') for every week and the week after the last. Each file is written in its own
 * transaction; malformed lines are reported with file and line and the rest is kept.
 * Repeating an import changes nothing.
 */
export async function importNflData(
  deps: DataDeps,
  dataDir: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const { database } = deps;
  const started = performance.now();
  const files = discoverNflDataFiles(dataDir);
  const plan = planImport(files);
  const changed = {
    players: emptyCount(),
    stats: emptyCount(),
    nflcomProjections: emptyCount(),
    modelProjections: emptyCount(),
  };
  // the model's weeks are known once it has read the database; until then, those of the files
  let modelWeeks = new Set(files.map((file) => `${file.season}:${file.week}`)).size + 1;
  let done = 0;
  const progress = (step: string) => {
    options.signal?.throwIfAborted();
    options.onProgress?.({ done, total: files.length + 1 + modelWeeks, step });
  };

  progress('players');
  const { ids, count } = await inWriteTransaction(database, (db) => writePlayers(db, plan.players));
  addCounts(changed.players, count);
  done++;

  const actualPpr = new Map<string, number>();
  const weekKey = (row: PlayerWeekIdentity) => `${row.nflId}:${row.season}:${row.week}`;
  for (const { file, rows } of plan.files) {
    if (file.kind !== 'actual') continue;
    progress(file.name);
    const lines = (rows as WeeklyStatRow[]).map((row) => toStatRow(row, ids.get(String(row.nflId))!));
    for (const row of rows as WeeklyStatRow[]) actualPpr.set(weekKey(row), actualPprOf(row));
    addCounts(changed.stats, await inWriteTransaction(database, (db) => writeStatLines(db, lines)));
    done++;
  }

  const projectedFiles = plan.files
    .filter(({ file }) => file.kind === 'projected')
    .map(({ file, rows }) => ({
      file,
      entries: (rows as ProjectedRow[]).flatMap((row) => nflcomPointsOf(row) ?? []),
    }));
  const spread = measureSpreadByPosition(
    projectedFiles.flatMap((file) => file.entries),
    (row) => actualPpr.get(weekKey(row)),
  );
  for (const { file, entries } of projectedFiles) {
    progress(file.name);
    const rows = entries.map((entry) => toNflcomProjection(entry, ids.get(String(entry.row.nflId))!, spread));
    addCounts(
      changed.nflcomProjections,
      await inWriteTransaction(database, (db) => writeProjections(db, rows)),
    );
    done++;
  }

  const modelStart = done;
  addCounts(
    changed.modelProjections,
    await produceModelProjections(database, {
      onProgress: (model) => {
        modelWeeks = model.total;
        done = modelStart + model.done;
        progress(`model projections ${model.season} week ${model.week}`);
      },
    }),
  );
  done = modelStart + modelWeeks;
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
  await recordImport(deps, summary);
  return summary;
}

async function recordImport({ database, dataVersion }: DataDeps, summary: ImportSummary): Promise<void> {
  const value = { ...summary, problems: summary.problems.length, importedAt: new Date().toISOString() };
  await database.db
    .insert(appState)
    .values({ key: LAST_IMPORT_KEY, value })
    .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: new Date() } });
  if (summary.totalChanged > 0) await dataVersion.bump();
}
