import type { NflcomPosition } from '../csv/nflcom-columns.js';

/** One CSV row of the NFL.com weekly files, keyed by column name (empty cell = ""). */
export type StatRow = Readonly<Record<string, string>>;

/** A week's projected and actual stat lines, by position. */
export interface WeekFiles {
  season: number;
  week: number;
  projected: Record<NflcomPosition, StatRow[]>;
  actual: Record<NflcomPosition, StatRow[]>;
}

/** Rows of a comma-separated file with a header line (the NFL.com files have no quoted fields). */
export function parseCsvRows(text: string): StatRow[] {
  const lines = text.split(/\r?\n/).filter((line) => line.length > 0);
  const header = (lines[0] ?? '').split(',');
  return lines.slice(1).map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(header.map((column, index) => [column, cells[index] ?? '']));
  });
}

/** A numeric cell; empty means 0 in these files. */
export function cell(row: StatRow, column: string): number {
  const value = Number(row[column] ?? '');
  return Number.isFinite(value) ? value : 0;
}

/** The opponent without the away marker, or null for a bye. */
export function opponentOf(row: StatRow): string | null {
  const opponent = (row.PlayerOpponent ?? '').replace(/^@/, '').trim();
  return opponent && opponent !== 'Bye' ? opponent : null;
}
