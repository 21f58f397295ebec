import { readNflDataDir } from '../files/read-nfl-data-dir.js';
import { modelWeekFromNflcom } from '../model/nflcom-projection.js';
import type { WeekData } from '../model/week-data.js';

export { DEFAULT_NFL_DATA_DIR as NFL_DATA_DIR } from '../files/default-data-dir.js';
import { DEFAULT_NFL_DATA_DIR } from '../files/default-data-dir.js';

/** A few weeks of the shared real data as model input (players keyed by NFL.com id). */
export function readWeeks(season: number, lastWeek: number): WeekData[] {
  const { weeks, errors } = readNflDataDir(DEFAULT_NFL_DATA_DIR, {
    seasons: [season],
    through: { season, week: lastWeek },
  });
  if (errors.length > 0) throw new Error(`unexpected CSV errors: ${JSON.stringify(errors.slice(0, 3))}`);
  return weeks.map(modelWeekFromNflcom);
}
