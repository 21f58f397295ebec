import { readFileSync } from 'node:fs';
import type { NflDataFile } from './discover-files.js';
import { parseNflFile, type NflFileRow } from './nfl-file-rows.js';
import type { ImportedPlayer } from './player-writer.js';

/** A malformed line: the file (relative to the data folder's parent) and its line number. */
export interface ImportProblem {
  file: string;
  line: number;
  message: string;
}

export interface ParsedFile {
  file: NflDataFile;
  /** One row per player (a player listed twice keeps the last line). */
  rows: NflFileRow[];
}

export interface ImportPlan {
  files: ParsedFile[];
  players: ImportedPlayer[];
  problems: ImportProblem[];
  /** Player lines read, bye weeks included. */
  lineCount: number;
}

export function describeProblem(problem: ImportProblem): string {
  return `${problem.file} line ${problem.line}: ${problem.message}`;
}

/**
 * Reads and checks every file before anything is written, and works out each player's current
 * name, position and team from their newest line (so a re-import writes the same values).
 */
export function planImport(files: NflDataFile[]): ImportPlan {
  const plan: ImportPlan = { files: [], players: [], problems: [], lineCount: 0 };
  const newest = new Map<string, { row: NflFileRow; season: number }>();
  const latestSeason = Math.max(...files.map((file) => file.season));
  /** `${kind}:${season}:${week}:${nflId}` → the file that listed the player first. */
  const listedIn = new Map<string, string>();
  for (const file of files) {
    const parsed = parseNflFile(readFileSync(file.path, 'utf8'));
    plan.lineCount += parsed.rows.length + parsed.byeCount + parsed.problems.length;
    for (const problem of parsed.problems) plan.problems.push({ file: file.name, ...problem });
    const byPlayer = new Map<string, NflFileRow>();
    for (const row of parsed.rows) {
      const key = `${file.kind}:${file.season}:${file.week}:${row.nflId}`;
      const earlier = listedIn.get(key);
      if (earlier && earlier !== file.name) {
        plan.problems.push({
          file: file.name,
          line: row.line,
          message: `${row.fullName} is already listed this week in ${earlier}`,
        });
        continue;
      }
      listedIn.set(key, file.name);
      byPlayer.set(row.nflId, row);
    }
    plan.files.push({ file, rows: [...byPlayer.values()] });
    for (const row of byPlayer.values()) {
      // files come oldest first, a week's actual lines before its projections: later wins
      newest.set(row.nflId, { row, season: file.season });
    }
  }
  plan.players = [...newest.values()].map(({ row, season }) => ({
    nflId: row.nflId,
    fullName: row.fullName,
    position: row.position,
    team: row.team,
    isActive: season === latestSeason,
  }));
  return plan;
}
