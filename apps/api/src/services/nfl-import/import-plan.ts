import { readFileSync } from 'node:fs';
import {
  parseProjectedCsv,
  parseWeeklyCsv,
  type CsvIssue,
  type PlayerWeekIdentity,
  type ProjectedRow,
  type WeeklyStatRow,
} from '@fm/projections';
import type { NflDataFile } from './discover-files.js';
import type { ImportedPlayer } from './player-writer.js';

/** A malformed line: the file (relative to the data folder's parent) and its line number. */
export type ImportProblem = CsvIssue;

export type ParsedFile =
  | { file: NflDataFile & { kind: 'actual' }; rows: WeeklyStatRow[] }
  | { file: NflDataFile & { kind: 'projected' }; rows: ProjectedRow[] };

export interface ImportPlan {
  files: ParsedFile[];
  players: ImportedPlayer[];
  problems: ImportProblem[];
  /** Player lines read (bye weeks and malformed lines included). */
  lineCount: number;
}

export function describeProblem(problem: ImportProblem): string {
  return `${problem.file} line ${problem.line}: ${problem.message}`;
}

function countLines(text: string): number {
  return text.split('\n').filter((line) => line.trim() !== '').length - 1;
}

/** The 1-based line listing a player (PlayerId is the second column of every NFL.com file). */
function lineOfPlayer(text: string, nflId: number): number {
  return text.split('\n').findIndex((line) => line.split(',')[1]?.trim() === String(nflId)) + 1;
}

/** Keeps a player's first line of a week: another position's file listing him again is reported. */
function keepFirstListing<Row extends PlayerWeekIdentity>(
  rows: Row[],
  file: NflDataFile,
  listedIn: Map<string, string>,
  problems: ImportProblem[],
  text: string,
): Row[] {
  const kept: Row[] = [];
  for (const row of rows) {
    const key = `${file.kind}:${file.season}:${file.week}:${row.nflId}`;
    const earlier = listedIn.get(key);
    if (earlier) {
      problems.push({
        file: file.name,
        line: lineOfPlayer(text, row.nflId),
        message: `${row.name} is already listed this week in ${earlier}`,
      });
      continue;
    }
    listedIn.set(key, file.name);
    kept.push(row);
  }
  return kept;
}

/**
 * Reads and checks every file (with @fm/projections' NFL.com parser) before anything is
 * written, and works out each player's name, position and team from their newest line, so a
 * re-import writes the same values.
 */
export function planImport(files: NflDataFile[]): ImportPlan {
  const plan: ImportPlan = { files: [], players: [], problems: [], lineCount: 0 };
  const newest = new Map<number, { row: PlayerWeekIdentity }>();
  const latestSeason = Math.max(...files.map((file) => file.season));
  const listedIn = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(file.path, 'utf8');
    const source = { file: file.name, season: file.season, week: file.week };
    plan.lineCount += countLines(text);
    const parsed = file.kind === 'actual' ? parseWeeklyCsv(text, source) : parseProjectedCsv(text, source);
    plan.problems.push(...parsed.errors);
    const rows = keepFirstListing<PlayerWeekIdentity>(parsed.rows, file, listedIn, plan.problems, text);
    plan.files.push({ file, rows } as ParsedFile);
    // files come oldest first, a week's actual lines before its projections: the later line wins
    for (const row of rows) newest.set(row.nflId, { row });
  }
  plan.players = [...newest.values()].map(({ row }) => ({
    nflId: String(row.nflId),
    fullName: row.name,
    position: row.position,
    team: row.team,
    isActive: row.season === latestSeason,
  }));
  return plan;
}
