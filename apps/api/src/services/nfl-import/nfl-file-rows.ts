import Papa from 'papaparse';
import type { StatColumn } from '../nfl-stats/stat-columns.js';

/** NFL.com column → our stat column. Columns not listed (Rank, TotalPoints…) are not stats. */
export const NFL_COLUMN_TO_STAT: Readonly<Record<string, StatColumn | 'reception_pct'>> = {
  PassingYDS: 'pass_yd',
  PassingTD: 'pass_td',
  PassingInt: 'pass_int',
  RushingYDS: 'rush_yd',
  RushingTD: 'rush_td',
  ReceivingRec: 'rec',
  ReceivingYDS: 'rec_yd',
  ReceivingTD: 'rec_td',
  RetTD: 'ret_td',
  FumTD: 'fum_td',
  '2PT': 'two_pt',
  Fum: 'fum_lost',
  TouchCarries: 'carries',
  Touches: 'touches',
  Targets: 'targets',
  ReceptionPercentage: 'reception_pct',
  RzTarget: 'rz_targets',
  RzTouch: 'rz_touches',
  RzG2G: 'rz_g2g',
  PatMade: 'pat_made',
  PatMissed: 'pat_missed',
  'FgMade_0-19': 'fg_made_0_19',
  'FgMade_20-29': 'fg_made_20_29',
  'FgMade_30-39': 'fg_made_30_39',
  'FgMade_40-49': 'fg_made_40_49',
  FgMade_50: 'fg_made_50',
  'FgMiss_0-19': 'fg_miss_0_19',
  'FgMiss_20-29': 'fg_miss_20_29',
  'FgMiss_30-39': 'fg_miss_30_39',
};
const PROJECTED_POINTS_COLUMN = 'PlayerWeekProjectedPts';
const REQUIRED_COLUMNS = ['PlayerName', 'PlayerId', 'Pos', 'Team', 'PlayerOpponent'];
const BYE = 'Bye';

/** One player's line in a weekly file. */
export interface NflFileRow {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  nflId: string;
  fullName: string;
  position: string;
  /** `FA` for a free agent. */
  team: string;
  /** Without the away marker. */
  opponent: string;
  isHome: boolean;
  stats: Partial<Record<StatColumn | 'reception_pct', number>>;
  /** `PlayerWeekProjectedPts` of a projection file (NFL.com's league scoring). */
  projectedPoints: number | null;
}

export interface RowProblem {
  line: number;
  message: string;
}

export interface ParsedNflFile {
  rows: NflFileRow[];
  /** Lines of players on bye (no game, skipped). */
  byeCount: number;
  problems: RowProblem[];
}

/**
 * Reads one NFL.com weekly CSV by its header (the column order differs between seasons).
 * Empty cells are 0; bye weeks are skipped; a malformed line becomes a problem naming its
 * line, and the other lines are kept.
 */
export function parseNflFile(text: string): ParsedNflFile {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const lines = parsed.data;
  const header = (lines[0] ?? []).map((cell) => cell.trim());
  const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) {
    return {
      rows: [],
      byeCount: 0,
      problems: [
        { line: 1, message: `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` },
      ],
    };
  }
  const index = (column: string) => header.indexOf(column);
  const statColumns = header
    .map((column, position) => ({ stat: NFL_COLUMN_TO_STAT[column], column, position }))
    .filter(
      (entry): entry is { stat: StatColumn | 'reception_pct'; column: string; position: number } =>
        entry.stat !== undefined,
    );
  const projectedAt = index(PROJECTED_POINTS_COLUMN);
  const result: ParsedNflFile = { rows: [], byeCount: 0, problems: [] };

  lines.slice(1).forEach((cells, offset) => {
    const line = offset + 2;
    if (cells.length === 1 && cells[0]!.trim() === '') return;
    const cellAt = (position: number) => (cells[position] ?? '').trim();
    if (cells.length !== header.length) {
      result.problems.push({ line, message: `expected ${header.length} cells, found ${cells.length}` });
      return;
    }
    const opponentCell = cellAt(index('PlayerOpponent'));
    if (opponentCell === BYE) {
      result.byeCount++;
      return;
    }
    const nflId = cellAt(index('PlayerId'));
    const fullName = cellAt(index('PlayerName'));
    const position = cellAt(index('Pos')).toUpperCase();
    const team = cellAt(index('Team')).toUpperCase();
    const problem =
      (!/^\d+$/.test(nflId) && `PlayerId "${nflId}" is not a number`) ||
      (!fullName && 'PlayerName is empty') ||
      (!/^[A-Z]{1,4}$/.test(position) && `Pos "${position}" is not a position`) ||
      (!/^[A-Z]{2,3}$/.test(team) && `Team "${team}" is not a team`) ||
      (!/^@?[A-Z]{2,3}$/.test(opponentCell) && `PlayerOpponent "${opponentCell}" is not a team or Bye`);
    if (problem) {
      result.problems.push({ line, message: problem });
      return;
    }
    const stats: NflFileRow['stats'] = {};
    for (const { stat, column, position: at } of statColumns) {
      const text = cellAt(at);
      if (text === '') continue;
      const value = Number(text);
      if (!Number.isFinite(value)) {
        result.problems.push({ line, message: `${column} "${text}" is not a number` });
        return;
      }
      stats[stat] = value;
    }
    let projectedPoints: number | null = null;
    if (projectedAt !== -1 && cellAt(projectedAt) !== '') {
      projectedPoints = Number(cellAt(projectedAt));
      if (!Number.isFinite(projectedPoints)) {
        result.problems.push({
          line,
          message: `${PROJECTED_POINTS_COLUMN} "${cellAt(projectedAt)}" is not a number`,
        });
        return;
      }
    }
    result.rows.push({
      line,
      nflId,
      fullName,
      position,
      team,
      opponent: opponentCell.replace(/^@/, ''),
      isHome: !opponentCell.startsWith('@'),
      stats,
      projectedPoints,
    });
  });
  return result;
}
