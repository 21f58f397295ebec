import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Papa from 'papaparse';
import { DEFAULT_NFL_DATA_DIR } from '../files/default-data-dir.js';
import { readNflDataDir } from '../files/read-nfl-data-dir.js';
import { modelWeekFromNflcom } from '../model/nflcom-projection.js';
import type { PlayerProjection } from '../model/player-projection.js';
import { projectWeekFromHistory } from '../model/project-week.js';

const USAGE = 'usage: npm run project -- --season S --week W [--data DIR] [--out FILE] [--format json|csv]';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: DEFAULT_NFL_DATA_DIR },
    season: { type: 'string' },
    week: { type: 'string' },
    out: { type: 'string' },
    format: { type: 'string', default: 'json' },
  },
});

const season = Number(values.season);
const week = Number(values.week);
if (!Number.isInteger(season) || !Number.isInteger(week) || !['json', 'csv'].includes(values.format ?? '')) {
  console.error(USAGE);
  process.exit(2);
}

const dataDir = path.resolve(values.data ?? DEFAULT_NFL_DATA_DIR);
// Weeks after the target are not even read: the projection cannot depend on them.
const read = readNflDataDir(dataDir, { through: { season, week } });
const weeks = read.weeks.map(modelWeekFromNflcom);
for (const error of read.errors) console.warn(`${error.file}:${error.line}: ${error.message}`);
const slate = weeks.find((candidate) => candidate.season === season && candidate.week === week);
if (!slate || slate.slate.length === 0) {
  console.error(`no NFL.com projected rows for ${season} week ${week} in ${dataDir}`);
  process.exit(1);
}

const projections = projectWeekFromHistory(weeks, slate).sort((a, b) => b.predMean - a.predMean);
const output = values.format === 'csv' ? toCsv(projections) : `${JSON.stringify(projections, null, 2)}\n`;
if (values.out) {
  writeFileSync(values.out, output);
  console.warn(`${projections.length} projections for ${season} week ${week} written to ${values.out}`);
} else {
  process.stdout.write(output);
}

function toCsv(rows: readonly PlayerProjection[]): string {
  return Papa.unparse(
    rows.map(({ stats, experts, ...projection }) => ({
      ...projection,
      ...Object.fromEntries(Object.entries(experts).map(([expert, points]) => [`expert_${expert}`, points])),
      ...roundedStats(stats),
    })),
  );
}

function roundedStats(stats: PlayerProjection['stats']): Record<string, number> {
  return Object.fromEntries(Object.entries(stats).map(([key, value]) => [`stat_${key}`, value]));
}
