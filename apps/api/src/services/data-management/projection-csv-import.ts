import { players, projections } from '@fm/db';
import { normalPercentiles } from '@fm/projections';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { validationError } from '../../errors.js';
import {
  MAX_ERRORS_LISTED,
  parseProjectionCsv,
  type ProjectionCsvRow,
  type RowError,
} from './projection-csv.js';
import { resolveImportSeason } from './import-season.js';

import { IMPORT_SOURCE } from '../projections/projection-sources.js';
import { DEFAULT_BATCH_SIZE, MAX_BATCH_SIZE, MIN_BATCH_SIZE } from '@fm/contract';

export interface ImportOptions {
  updateExisting: boolean;
  batchSize: number;
}

export interface ImportResult {
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  playersCreated: number;
  errorCount: number;
  errors: Array<{ player: string; error: string }>;
}

type PlayerRow = typeof players.$inferSelect;
type Db = AppDeps['database']['db'];

function candidatesFor(row: ProjectionCsvRow, known: PlayerRow[]): PlayerRow[] {
  return known.filter((player) => player.searchName === row.searchName && player.position === row.position);
}

/** By id (ours, then Sleeper's, then NFL.com's), else by name and position, the team breaking ties. */
function matchPlayer(
  row: ProjectionCsvRow,
  byId: Map<string, PlayerRow>,
  byName: PlayerRow[],
): PlayerRow | undefined {
  if (row.player_id) {
    const found =
      byId.get(`id:${row.player_id}`) ??
      byId.get(`sleeper:${row.player_id}`) ??
      byId.get(`nfl:${row.player_id}`);
    if (found) return found;
  }
  const candidates = candidatesFor(row, byName);
  if (candidates.length <= 1) return candidates[0];
  return (
    candidates.find((player) => player.team === row.team) ??
    candidates.find((player) => player.isActive) ??
    candidates[0]
  );
}

async function loadKnownPlayers(db: Db, batch: ProjectionCsvRow[]) {
  const ids = [...new Set(batch.map((row) => row.player_id).filter((id): id is string => id !== null))];
  const numericIds = ids.filter((id) => /^\d{1,9}$/.test(id)).map(Number);
  const names = [...new Set(batch.map((row) => row.searchName))];
  const idConditions = [
    ...(numericIds.length > 0 ? [inArray(players.id, numericIds)] : []),
    ...(ids.length > 0 ? [inArray(players.sleeperId, ids), inArray(players.nflId, ids)] : []),
  ];
  const [idRows, nameRows] = await Promise.all([
    idConditions.length > 0
      ? db
          .select()
          .from(players)
          .where(or(...idConditions))
      : Promise.resolve([]),
    db.select().from(players).where(inArray(players.searchName, names)),
  ]);
  const byId = new Map<string, PlayerRow>();
  for (const player of idRows) {
    byId.set(`id:${player.id}`, player);
    if (player.sleeperId) byId.set(`sleeper:${player.sleeperId}`, player);
    if (player.nflId) byId.set(`nfl:${player.nflId}`, player);
  }
  return { byId, byName: nameRows };
}

async function importBatch(
  db: Db,
  batch: ProjectionCsvRow[],
  options: ImportOptions,
  result: ImportResult,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const { byId, byName } = await loadKnownPlayers(tx as unknown as Db, batch);
    const playerOf = new Map<ProjectionCsvRow, number>();
    for (const row of batch) {
      let player = matchPlayer(row, byId, byName);
      if (!player) {
        const [created] = await tx
          .insert(players)
          .values({
            fullName: row.player_name,
            searchName: row.searchName,
            position: row.position,
            team: row.team,
            updatedAt: now,
          })
          .returning();
        player = created!;
        byName.push(player);
        result.playersCreated++;
      }
      playerOf.set(row, player.id);
    }
    // Last row wins when the file names the same player, season and week twice.
    const byKey = new Map<string, { row: ProjectionCsvRow; playerId: number }>();
    for (const row of batch) {
      const playerId = playerOf.get(row)!;
      byKey.set(`${playerId}:${row.season}:${row.week}`, { row, playerId });
    }
    const entries = [...byKey.values()];
    const existing = await tx
      .select({ playerId: projections.playerId, season: projections.season, week: projections.week })
      .from(projections)
      .where(
        and(
          eq(projections.source, IMPORT_SOURCE),
          inArray(projections.playerId, [...new Set(entries.map((e) => e.playerId))]),
        ),
      );
    const existingKeys = new Set(existing.map((e) => `${e.playerId}:${e.season}:${e.week}`));
    const toWrite = entries.filter(
      ({ row, playerId }) =>
        options.updateExisting || !existingKeys.has(`${playerId}:${row.season}:${row.week}`),
    );
    if (toWrite.length > 0) {
      await tx
        .insert(projections)
        .values(
          toWrite.map(({ row, playerId }) => ({
            playerId,
            season: row.season,
            week: row.week,
            source: IMPORT_SOURCE,
            team: row.team,
            predMean: row.pred_mean,
            predStd: row.pred_std,
            ...normalPercentiles(row.pred_mean, row.pred_std),
            p50: row.pred_mean,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [projections.playerId, projections.season, projections.week, projections.source],
          set: {
            team: sql`excluded.team`,
            predMean: sql`excluded.pred_mean`,
            predStd: sql`excluded.pred_std`,
            p10: sql`excluded.p10`,
            p50: sql`excluded.p50`,
            p90: sql`excluded.p90`,
            updatedAt: now,
          },
        });
    }
    for (const { row, playerId } of entries) {
      const isExisting = existingKeys.has(`${playerId}:${row.season}:${row.week}`);
      if (!isExisting) result.created++;
      else if (options.updateExisting) result.updated++;
      else result.skipped++;
    }
    result.processed += batch.length;
  });
}

export function resolveImportOptions(input: {
  updateExisting?: boolean | undefined;
  batchSize?: number | undefined;
}): ImportOptions {
  const batchSize = input.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < MIN_BATCH_SIZE || batchSize > MAX_BATCH_SIZE) {
    throw validationError(
      `batchSize: must be a whole number from ${MIN_BATCH_SIZE} to ${MAX_BATCH_SIZE}`,
      'batchSize',
    );
  }
  return { updateExisting: input.updateExisting ?? true, batchSize };
}

/**
 * Imports a projections CSV as source 'import': valid rows are written in transactions of
 * `batchSize` rows (players matched by id or name + position, created when unknown); invalid
 * rows are skipped and reported with their line numbers.
 */
export async function importProjectionCsv(
  deps: Pick<AppDeps, 'database' | 'dataVersion'>,
  text: string,
  options: ImportOptions,
  now = new Date(),
): Promise<ImportResult> {
  const { season } = await resolveImportSeason(deps, now);
  const parsed = parseProjectionCsv(text, now, season);
  if (parsed.fileError) throw validationError(parsed.fileError, 'csvFile');
  const result: ImportResult = {
    processed: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    playersCreated: 0,
    errorCount: 0,
    errors: [],
  };
  const rowErrors: RowError[] = [...parsed.errors];
  for (let start = 0; start < parsed.rows.length; start += options.batchSize) {
    const batch = parsed.rows.slice(start, start + options.batchSize);
    try {
      await importBatch(deps.database.db, batch, options, result, now);
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n', 1)[0] : String(error);
      for (const row of batch)
        rowErrors.push({
          row: row.row,
          player: row.player_name,
          error: `Row ${row.row}: not saved (${reason})`,
        });
    }
  }
  // the projections list and player directory caches key on the data version
  if (result.created + result.updated + result.playersCreated > 0) await deps.dataVersion.bump();
  rowErrors.sort((a, b) => a.row - b.row);
  result.errorCount = rowErrors.length;
  result.errors = rowErrors.slice(0, MAX_ERRORS_LISTED).map(({ player, error }) => ({ player, error }));
  return result;
}
