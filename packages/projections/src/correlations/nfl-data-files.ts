// Node-only: reads the nfl-data folder layout ({season}/{week}/{POS}.csv and projected/{POS}_projected.csv).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NFLCOM_POSITIONS, type NflcomPosition } from '../csv/nflcom-columns.js';
import { parseCsvRows, type StatRow, type WeekFiles } from './weekly-rows.js';

function readPositions(folder: string, suffix: string): Record<NflcomPosition, StatRow[]> | null {
  const files = NFLCOM_POSITIONS.map((position) => path.join(folder, `${position}${suffix}.csv`));
  if (!files.every((file) => existsSync(file))) return null;
  return Object.fromEntries(
    NFLCOM_POSITIONS.map((position, index) => [position, parseCsvRows(readFileSync(files[index]!, 'utf8'))]),
  ) as Record<NflcomPosition, StatRow[]>;
}

/** Every week of the season that has both projected and actual files (e.g. 2024 week 17 has no actual files). */
export function readSeasonWeeks(dataDir: string, season: number): WeekFiles[] {
  const seasonDir = path.join(dataDir, String(season));
  if (!existsSync(seasonDir)) return [];
  return readdirSync(seasonDir)
    .map(Number)
    .filter((week) => Number.isInteger(week))
    .sort((a, b) => a - b)
    .flatMap((week) => {
      const weekDir = path.join(seasonDir, String(week));
      const actual = readPositions(weekDir, '');
      const projected = readPositions(path.join(weekDir, 'projected'), '_projected');
      return actual && projected ? [{ season, week, actual, projected }] : [];
    });
}
