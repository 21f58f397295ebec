import { FIRST_SEASON, FIRST_WEEK, LAST_NFL_WEEK, LAST_SEASON, nflSeasonOn } from '@fm/contract';
import { normalizePosition, POSITIONS } from '@fm/engine';
import Papa from 'papaparse';
import { toSearchName } from '../../integrations/sleeper/player-matching.js';

/** The columns of a projections CSV, in order. */
export const REQUIRED_COLUMNS = ['player_name', 'position', 'team', 'week', 'pred_mean', 'pred_std'] as const;
export const OPTIONAL_COLUMNS = ['season', 'player_id'] as const;
/** Sanity bounds for fantasy points, so a stray column shift is caught. */
const MIN_POINTS = -50;
const MAX_POINTS = 100;
const MAX_STD = 100;
const MAX_NAME_LENGTH = 100;
/** Rows shown in a preview. */
export const PREVIEW_ROWS = 10;
/** Errors listed in a preview or an import answer (the count says how many there were). */
export const MAX_ERRORS_LISTED = 1_000;

export interface ProjectionCsvRow {
  /** Line number in the file (the header is line 1). */
  row: number;
  player_name: string;
  position: string;
  team: string;
  week: number;
  pred_mean: number;
  pred_std: number;
  season: number;
  player_id: string | null;
  searchName: string;
}

export interface RowError {
  row: number;
  player: string;
  error: string;
}

export interface ParsedProjectionCsv {
  rows: ProjectionCsvRow[];
  totalRows: number;
  errors: RowError[];
  /** A problem with the file as a whole (no header, missing columns); rows are empty then. */
  fileError: string | null;
}

function parseNumber(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : null;
}

function validateRow(
  raw: Record<string, string>,
  row: number,
  defaultSeason: number,
): ProjectionCsvRow | RowError {
  const player = (raw.player_name ?? '').trim();
  const fail = (error: string): RowError => ({
    row,
    player: player || `(row ${row})`,
    error: `Row ${row}: ${error}`,
  });
  if (!player) return fail('player_name is required');
  if (player.length > MAX_NAME_LENGTH)
    return fail(`player_name is longer than ${MAX_NAME_LENGTH} characters`);
  const position = normalizePosition(raw.position ?? '');
  if (!position) {
    return fail(`position "${raw.position ?? ''}" must be one of ${POSITIONS.join(', ')}`);
  }
  const team = (raw.team ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2,3}$/.test(team)) return fail(`team "${raw.team ?? ''}" must be a 2–3 letter team code`);
  const week = parseNumber(raw.week);
  if (week === null || !Number.isInteger(week) || week < FIRST_WEEK || week > LAST_NFL_WEEK) {
    return fail(`week "${raw.week ?? ''}" must be a whole number from ${FIRST_WEEK} to ${LAST_NFL_WEEK}`);
  }
  const mean = parseNumber(raw.pred_mean);
  if (mean === null || mean < MIN_POINTS || mean > MAX_POINTS) {
    return fail(`pred_mean "${raw.pred_mean ?? ''}" must be a number from ${MIN_POINTS} to ${MAX_POINTS}`);
  }
  const std = parseNumber(raw.pred_std);
  if (std === null || std < 0 || std > MAX_STD)
    return fail(`pred_std "${raw.pred_std ?? ''}" must be a number from 0 to ${MAX_STD}`);
  let season = defaultSeason;
  if (raw.season !== undefined && raw.season.trim() !== '') {
    const parsed = parseNumber(raw.season);
    if (parsed === null || !Number.isInteger(parsed) || parsed < FIRST_SEASON || parsed > LAST_SEASON) {
      return fail(`season "${raw.season}" must be a year from ${FIRST_SEASON} to ${LAST_SEASON}`);
    }
    season = parsed;
  }
  const playerId = raw.player_id?.trim() || null;
  return {
    row,
    player_name: player,
    position,
    team,
    week,
    pred_mean: mean,
    pred_std: std,
    season,
    player_id: playerId,
    searchName: toSearchName(player),
  };
}

/** Parses and validates a projections CSV; every bad row is reported with its line number. */
export function parseProjectionCsv(
  text: string,
  now = new Date(),
  defaultSeason = nflSeasonOn(now),
): ParsedProjectionCsv {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const columns = parsed.meta.fields ?? [];
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (columns.length === 0 || missing.length > 0) {
    return {
      rows: [],
      totalRows: parsed.data.length,
      errors: [],
      fileError: `The CSV is missing the column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}. Expected: ${[...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].join(', ')}.`,
    };
  }
  if (parsed.data.length === 0) {
    return { rows: [], totalRows: 0, errors: [], fileError: NO_DATA_ROWS_MESSAGE };
  }
  const rows: ProjectionCsvRow[] = [];
  const errors: RowError[] = [];
  // An unclosed quote swallows the rest of the file into one value: report it where it opens
  // and read nothing from that row on.
  const unclosedAt = unclosedQuoteLine(text, parsed.errors);
  const readable = unclosedAt === null ? parsed.data : parsed.data.slice(0, Math.max(0, unclosedAt - 2));
  readable.forEach((raw, index) => {
    const result = validateRow(raw, index + 2, defaultSeason);
    if ('error' in result) errors.push(result);
    else rows.push(result);
  });
  if (unclosedAt !== null) {
    errors.push({
      row: unclosedAt,
      player: `(row ${unclosedAt})`,
      error: `Row ${unclosedAt}: a quote (") opens a value that is never closed, so this row and the rest of the file could not be read. Close the quote or remove it.`,
    });
  }
  return { rows, totalRows: parsed.data.length, errors, fileError: null };
}

export const NO_DATA_ROWS_MESSAGE = 'The CSV has a header row but no data rows: there is nothing to import.';

/** The file line (header = 1) where an unclosed quote opens, or null when every quote closes. */
function unclosedQuoteLine(text: string, errors: Papa.ParseError[]): number | null {
  const quoteError = errors.find((error) => error.code === 'MissingQuotes');
  if (!quoteError || quoteError.index === undefined) return null;
  const body = text.replace(/^\uFEFF/, '').slice(0, quoteError.index);
  return body.split('\n').length;
}

/** The CSV preview: the first rows as they will be imported, and every validation error. */
export function previewProjectionCsv(
  text: string,
  now = new Date(),
  season: { season: number; reason: string } = {
    season: nflSeasonOn(now),
    reason: 'the NFL season by the calendar',
  },
) {
  const parsed = parseProjectionCsv(text, now, season.season);
  return {
    /** Where rows without a season column go, and why: said before anything is imported. */
    defaultSeason: season,
    totalRows: parsed.totalRows,
    validRows: parsed.rows.length,
    hasErrors: parsed.fileError !== null || parsed.errors.length > 0,
    errorCount: parsed.fileError ? 1 : parsed.errors.length,
    errors: parsed.fileError
      ? [parsed.fileError]
      : parsed.errors.slice(0, MAX_ERRORS_LISTED).map((e) => e.error),
    preview: parsed.rows.slice(0, PREVIEW_ROWS).map((row) => ({
      player_name: row.player_name,
      position: row.position,
      team: row.team,
      week: row.week,
      pred_mean: row.pred_mean,
      pred_std: row.pred_std,
      season: row.season,
    })),
  };
}
