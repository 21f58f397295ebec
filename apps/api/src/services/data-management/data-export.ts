import { players, projections } from '@fm/db';
import type { Position } from '@fm/engine';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import Papa from 'papaparse';
import type { AppDeps } from '../../deps.js';

/** Rows read per round trip while streaming. */
const PAGE_SIZE = 500;

export type ExportFormat = 'csv' | 'json';
export type ExportKind = 'projections' | 'analytics';

export interface ExportFilters {
  format: ExportFormat;
  week?: number | undefined;
  season: number;
  position?: Position | undefined;
  team?: string | undefined;
  limit: number;
}

const PROJECTION_COLUMNS = [
  'player_id',
  'player_name',
  'position',
  'team',
  'opponent',
  'week',
  'season',
  'pred_mean',
  'pred_std',
  'p10',
  'p50',
  'p90',
  'source',
  'model_version',
  'updated_at',
] as const;
const ANALYTICS_COLUMNS = ['id', 'type', 'user_id', 'created_at', 'payload'] as const;

type Row = Record<string, unknown>;

/** `projections_export_2026-11-22T06-05-27Z.csv` */
export function exportFileName(kind: ExportKind, format: ExportFormat, now = new Date()): string {
  const timestamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return `${kind}_export_${timestamp}.${format}`;
}

/** Projection rows (newest season/week first), read page by page. */
async function* projectionRows(deps: Pick<AppDeps, 'database'>, filters: ExportFilters): AsyncGenerator<Row> {
  const { db } = deps.database;
  let remaining = filters.limit;
  let beforeId: number | undefined;
  while (remaining > 0) {
    const conditions: SQL[] = [eq(projections.season, filters.season)];
    if (filters.week !== undefined) conditions.push(eq(projections.week, filters.week));
    if (filters.position) conditions.push(eq(players.position, filters.position));
    if (filters.team) conditions.push(eq(projections.team, filters.team));
    if (beforeId !== undefined) conditions.push(lt(projections.id, beforeId));
    const rows = await db
      .select({ projection: projections, player: players })
      .from(projections)
      .innerJoin(players, eq(players.id, projections.playerId))
      .where(and(...conditions))
      .orderBy(desc(projections.id))
      .limit(Math.min(PAGE_SIZE, remaining));
    for (const { projection, player } of rows) {
      yield {
        player_id: player.id,
        player_name: player.fullName,
        position: player.position,
        team: projection.team,
        opponent: projection.opponent,
        week: projection.week,
        season: projection.season,
        pred_mean: projection.predMean,
        pred_std: projection.predStd,
        p10: projection.p10,
        p50: projection.p50,
        p90: projection.p90,
        source: projection.source,
        model_version: projection.modelVersion,
        updated_at: projection.updatedAt.toISOString(),
      };
    }
    if (rows.length < PAGE_SIZE) return;
    remaining -= rows.length;
    beforeId = rows[rows.length - 1]!.projection.id;
  }
}

/** Analytics events, newest first; only `limit` applies (they have no week, team or position). */
async function* analyticsRows(
  deps: Pick<AppDeps, 'monitoring'>,
  filters: ExportFilters,
  asCsv: boolean,
): AsyncGenerator<Row> {
  await deps.monitoring.flush();
  for await (const event of deps.monitoring.eventStore.streamEvents({
    limit: filters.limit,
    newestFirst: true,
  })) {
    yield {
      id: event.id,
      type: event.type,
      user_id: event.userId,
      created_at: event.createdAt.toISOString(),
      payload: asCsv ? (event.payload ? JSON.stringify(event.payload) : '') : event.payload,
    };
  }
}

/**
 * Cells a spreadsheet would run as a formula: starting with = + - @ (or their full-width forms,
 * or | and %), after optional spaces, or with a tab, CR or LF. OWASP's CSV-injection advice:
 * prefix them with a single quote so they show as text. Numbers are written as numbers.
 */
export const SPREADSHEET_FORMULA_START = /^(?:\s*[=+\-@|%\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r\n])/;

const csvLines = (rows: Row[], columns: readonly string[]) =>
  `${Papa.unparse(rows, { header: false, columns: [...columns], escapeFormulae: SPREADSHEET_FORMULA_START })}\r\n`;

/** The header goes out with the first page, so the first chunk waits for the first read. */
async function* asCsv(rows: AsyncIterable<Row>, columns: readonly string[]): AsyncGenerator<string> {
  let header = `${columns.join(',')}\r\n`;
  let chunk: Row[] = [];
  for await (const row of rows) {
    chunk.push(row);
    if (chunk.length >= PAGE_SIZE) {
      yield header + csvLines(chunk, columns);
      header = '';
      chunk = [];
    }
  }
  yield header + (chunk.length > 0 ? csvLines(chunk, columns) : '');
}

async function* asJson(rows: AsyncIterable<Row>): AsyncGenerator<string> {
  let separator = '[\n';
  for await (const row of rows) {
    yield `${separator}${JSON.stringify(row)}`;
    separator = ',\n';
  }
  yield separator === '[\n' ? '[]\n' : '\n]\n';
}

async function* resumeWith(
  first: IteratorResult<string>,
  rest: AsyncIterator<string>,
): AsyncGenerator<string> {
  for (let next = first; !next.done; next = await rest.next()) yield next.value;
}

/**
 * The export as a stream of text chunks, in the chosen format. The first chunk is read before
 * this resolves, so a failing query rejects here, while an error answer can still be sent,
 * rather than cutting a download short.
 */
export async function openExport(
  deps: Pick<AppDeps, 'database' | 'monitoring'>,
  kind: ExportKind,
  filters: ExportFilters,
): Promise<AsyncIterable<string>> {
  const isCsv = filters.format === 'csv';
  const rows = kind === 'projections' ? projectionRows(deps, filters) : analyticsRows(deps, filters, isCsv);
  const chunks = isCsv
    ? asCsv(rows, kind === 'projections' ? PROJECTION_COLUMNS : ANALYTICS_COLUMNS)
    : asJson(rows);
  return resumeWith(await chunks.next(), chunks);
}
