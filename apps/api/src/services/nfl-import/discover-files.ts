import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { NFLCOM_POSITIONS, type NflcomPosition } from '@fm/projections';

export type FileKind = 'actual' | 'projected';

/** One weekly CSV of the nfl-data layout: `{season}/{week}/{POS}.csv` or `…/projected/{POS}_projected.csv`. */
export interface NflDataFile {
  season: number;
  week: number;
  position: NflcomPosition;
  kind: FileKind;
  path: string;
  /** The path relative to the data folder, used in messages. */
  name: string;
}

const NUMERIC_DIR = /^\d+$/;

function numericDirs(dir: string): number[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((entry) => NUMERIC_DIR.test(entry) && statSync(path.join(dir, entry)).isDirectory())
    .map(Number)
    .sort((a, b) => a - b);
}

/**
 * Every weekly file under `dataDir`, oldest week first, a week's actual stat lines before its
 * projections. Folders and files outside the layout are ignored.
 */
export function discoverNflDataFiles(dataDir: string): NflDataFile[] {
  if (!existsSync(dataDir) || !statSync(dataDir).isDirectory()) {
    throw new Error(`NFL data folder not found: ${dataDir}`);
  }
  const files: NflDataFile[] = [];
  for (const season of numericDirs(dataDir)) {
    for (const week of numericDirs(path.join(dataDir, String(season)))) {
      for (const kind of ['actual', 'projected'] as const) {
        for (const position of NFLCOM_POSITIONS) {
          const name =
            kind === 'actual'
              ? path.join(String(season), String(week), `${position}.csv`)
              : path.join(String(season), String(week), 'projected', `${position}_projected.csv`);
          const file = path.join(dataDir, name);
          if (existsSync(file))
            files.push({
              season,
              week,
              position,
              kind,
              path: file,
              name: path.join(path.basename(dataDir), name),
            });
        }
      }
    }
  }
  return files;
}
