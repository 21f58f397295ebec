import Papa from 'papaparse';
import { emptyStatLine, type Position, type StatKey, type StatLine } from '../stats/stat-line.js';
import { normalizeTeamCode } from '../stats/team-codes.js';
import {
  AWAY_PREFIX,
  BYE_OPPONENT,
  IDENTITY_COLUMNS,
  isNflcomPosition,
  PROJECTED_POINTS_COLUMN,
  STAT_COLUMNS,
} from './nflcom-columns.js';

/** Where a CSV text came from: its season/week (from the folder layout) and a name for error messages. */
export interface CsvSource {
  file: string;
  season: number;
  week: number;
}

export interface CsvIssue {
  file: string;
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  message: string;
}

export interface PlayerWeekIdentity {
  nflId: number;
  name: string;
  position: Position;
  season: number;
  week: number;
  team: string;
  opponent: string;
  isHome: boolean;
}

/** One actual stat line: identity plus the `player_week_stats` columns, flat. */
export type WeeklyStatRow = PlayerWeekIdentity & StatLine;

export interface ProjectedRow extends PlayerWeekIdentity {
  /** NFL.com's published total (PlayerWeekProjectedPts), in the source league's private scoring; null if blank. */
  nflcomPoints: number | null;
  /** The stat columns of the projected file: a projection from 2024 on, the actual line before (see README). */
  stats: StatLine;
}

export interface ParseResult<Row> {
  rows: Row[];
  errors: CsvIssue[];
}

export function parseWeeklyCsv(text: string, source: CsvSource): ParseResult<WeeklyStatRow> {
  // Object.assign onto the stat line: spreading 37 keys into a fresh object is ~10× slower in V8.
  return parseRows(text, source, (identity, stats) => Object.assign(stats, identity));
}

export function parseProjectedCsv(text: string, source: CsvSource): ParseResult<ProjectedRow> {
  return parseRows(text, source, (identity, stats, cell) => {
    const points = cell(PROJECTED_POINTS_COLUMN);
    return { ...identity, nflcomPoints: points === '' ? null : parseNumber(points), stats };
  });
}

/** Reads one row's cells by column name; the header is resolved once per file. */
interface CellReader {
  (column: string): string;
}
type RowBuilder<Row> = (identity: PlayerWeekIdentity, stats: StatLine, cell: CellReader) => Row;

class MalformedRowError extends Error {}

interface StatColumn {
  column: string;
  key: StatKey;
  index: number;
}

function parseRows<Row>(text: string, source: CsvSource, build: RowBuilder<Row>): ParseResult<Row> {
  // Papa keeps one array per physical line when skipEmptyLines is off, so index + 1 is the line number.
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    header: false,
    delimiter: ',',
    skipEmptyLines: false,
  });
  const errors: CsvIssue[] = parsed.errors.map((error) => ({
    file: source.file,
    line: (error.row ?? 0) + 1,
    message: error.message,
  }));
  const [header, ...records] = parsed.data;
  const columnIndex = new Map((header ?? []).map((name, index) => [name.trim(), index]));
  const missing = Object.values(IDENTITY_COLUMNS).filter((name) => !columnIndex.has(name));
  if (!header || missing.length > 0) {
    errors.push({ file: source.file, line: 1, message: `missing column(s): ${missing.join(', ')}` });
    return { rows: [], errors };
  }
  const statColumns: StatColumn[] = Object.entries(STAT_COLUMNS).flatMap(([column, key]) => {
    const index = columnIndex.get(column);
    return index === undefined ? [] : [{ column, key, index }];
  });
  let record: string[] = [];
  const cell: CellReader = (column) => {
    const at = columnIndex.get(column);
    return at === undefined ? '' : (record[at] ?? '').trim();
  };
  const rows: Row[] = [];
  records.forEach((current, index) => {
    const line = index + 2;
    if (current.length === 1 && current[0]?.trim() === '') return;
    if (current.length !== header.length) {
      errors.push({
        file: source.file,
        line,
        message: `expected ${header.length} fields, found ${current.length}`,
      });
      return;
    }
    record = current;
    try {
      if (cell(IDENTITY_COLUMNS.opponent) === BYE_OPPONENT) return;
      rows.push(build(readIdentity(cell, source), readStats(record, statColumns), cell));
    } catch (error) {
      if (!(error instanceof MalformedRowError)) throw error;
      errors.push({ file: source.file, line, message: error.message });
    }
  });
  return { rows, errors };
}

function readIdentity(cell: CellReader, source: CsvSource): PlayerWeekIdentity {
  const idText = cell(IDENTITY_COLUMNS.nflId);
  const nflId = Number(idText);
  if (!/^\d+$/.test(idText) || nflId <= 0) throw new MalformedRowError(`invalid PlayerId '${idText}'`);
  const position = cell(IDENTITY_COLUMNS.position).toUpperCase();
  if (!isNflcomPosition(position)) throw new MalformedRowError(`unknown position '${position}'`);
  const rawOpponent = cell(IDENTITY_COLUMNS.opponent);
  const isHome = !rawOpponent.startsWith(AWAY_PREFIX);
  const opponent = normalizeTeamCode(isHome ? rawOpponent : rawOpponent.slice(AWAY_PREFIX.length));
  if (opponent === '') throw new MalformedRowError('missing PlayerOpponent');
  return {
    nflId,
    name: cell(IDENTITY_COLUMNS.name),
    position,
    season: source.season,
    week: source.week,
    team: normalizeTeamCode(cell(IDENTITY_COLUMNS.team)),
    opponent,
    isHome,
  };
}

function readStats(record: readonly string[], statColumns: readonly StatColumn[]): StatLine {
  const stats = emptyStatLine();
  for (const { column, key, index } of statColumns)
    stats[key] = parseNumber((record[index] ?? '').trim(), column);
  return stats;
}

const NUMBER_PATTERN = /^-?(\d+\.?\d*|\.\d+)$/;

function parseNumber(text: string, column = PROJECTED_POINTS_COLUMN): number {
  if (text === '') return 0;
  if (!NUMBER_PATTERN.test(text)) throw new MalformedRowError(`${column} is not a number: '${text}'`);
  return Number(text);
}
