import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  parseProjectedCsv,
  parseWeeklyCsv,
  type CsvIssue,
  type ProjectedRow,
  type WeeklyStatRow,
} from '../csv/parse-nflcom-csv.js';
import { NFLCOM_POSITIONS } from '../csv/nflcom-columns.js';
import type { NflcomWeek } from '../model/nflcom-projection.js';

export interface NflDataDir {
  weeks: NflcomWeek[];
  errors: CsvIssue[];
}

export interface ReadOptions {
  /** Only these seasons (all found otherwise). */
  seasons?: readonly number[];
  /** Skip weeks after this one ({season, week}), e.g. to simulate an earlier date. */
  through?: { season: number; week: number };
}

/**
 * Reads a folder laid out as `{season}/{week}/{POS}.csv` and
 * `{season}/{week}/projected/{POS}_projected.csv`. A week whose actual files are
 * all absent has `actual: null` (not played yet).
 */
export function readNflDataDir(root: string, options: ReadOptions = {}): NflDataDir {
  const weeks: NflcomWeek[] = [];
  const errors: CsvIssue[] = [];
  for (const season of numericEntries(root)) {
    if (options.seasons && !options.seasons.includes(season)) continue;
    for (const week of numericEntries(path.join(root, String(season)))) {
      const { through } = options;
      if (through && (season > through.season || (season === through.season && week > through.week)))
        continue;
      const folder = path.join(root, String(season), String(week));
      const projected: ProjectedRow[] = [];
      const actual: WeeklyStatRow[] = [];
      let hasActualFiles = false;
      for (const position of NFLCOM_POSITIONS) {
        const source = { season, week };
        const projectedFile = path.join(folder, 'projected', `${position}_projected.csv`);
        if (existsSync(projectedFile)) {
          const parsed = parseProjectedCsv(readFileSync(projectedFile, 'utf8'), {
            ...source,
            file: projectedFile,
          });
          projected.push(...parsed.rows);
          errors.push(...parsed.errors);
        }
        const actualFile = path.join(folder, `${position}.csv`);
        if (existsSync(actualFile)) {
          hasActualFiles = true;
          const parsed = parseWeeklyCsv(readFileSync(actualFile, 'utf8'), { ...source, file: actualFile });
          actual.push(...parsed.rows);
          errors.push(...parsed.errors);
        }
      }
      weeks.push({ season, week, projected, actual: hasActualFiles ? actual : null });
    }
  }
  return { weeks, errors };
}

function numericEntries(folder: string): number[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d+$/.test(entry.name))
    .map((entry) => Number(entry.name))
    .sort((a, b) => a - b);
}
