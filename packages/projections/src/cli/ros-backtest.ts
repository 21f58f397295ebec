import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_NFL_DATA_DIR, REPO_ROOT } from '../files/default-data-dir.js';
import { readNflDataDir } from '../files/read-nfl-data-dir.js';
import { modelWeekFromNflcom } from '../model/nflcom-projection.js';
import { buildRosBacktestCard } from '../rest-of-season/ros-backtest-card.js';
import { collectRosSamples, fitRosDecay, type RosErrorCell } from '../rest-of-season/ros-backtest.js';
import { ROS_DECAY } from '../rest-of-season/ros-weeks.js';

const DEFAULT_SEASONS = [2021, 2022, 2023, 2024, 2025];
const DEFAULT_CHECK_FIT_SEASONS = [2021, 2022, 2023];
const DEFAULT_OUT = path.join(REPO_ROOT, 'packages/projections/ros-backtest.json');

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: DEFAULT_NFL_DATA_DIR },
    seasons: { type: 'string', default: DEFAULT_SEASONS.join(',') },
    'check-fit-seasons': { type: 'string', default: DEFAULT_CHECK_FIT_SEASONS.join(',') },
    out: { type: 'string', default: DEFAULT_OUT },
    'no-write': { type: 'boolean', default: false },
  },
});

const seasonList = (text: string | undefined) => (text ?? '').split(',').map(Number).filter(Number.isInteger);
const seasons = seasonList(values.seasons);
const checkFitSeasons = seasonList(values['check-fit-seasons']);
const started = performance.now();
const dataDir = path.resolve(values.data ?? DEFAULT_NFL_DATA_DIR);
const { weeks, errors } = readNflDataDir(dataDir);
for (const error of errors) console.warn(`${error.file}:${error.line}: ${error.message}`);
const samples = collectRosSamples(weeks.map(modelWeekFromNflcom), seasons);
const walkSeconds = (performance.now() - started) / 1000;
const fitted = fitRosDecay(samples);
const card = buildRosBacktestCard({
  samples,
  seasons,
  checkFitSeasons,
  generatedAt: new Date(),
  command:
    seasons.join(',') === DEFAULT_SEASONS.join(',') &&
    checkFitSeasons.join(',') === DEFAULT_CHECK_FIT_SEASONS.join(',')
      ? 'npm run backtest:ros'
      : `npm run backtest:ros -- --seasons ${seasons.join(',')} --check-fit-seasons ${checkFitSeasons.join(',')}`,
  totalSeconds: (performance.now() - started) / 1000,
});
const totalSeconds = (performance.now() - started) / 1000;
card.timings.totalSeconds = Math.round(totalSeconds * 10) / 10;

const fixed = (value: number, digits = 2) => value.toFixed(digits).padStart(7);
function print(title: string, cells: readonly RosErrorCell[]): void {
  console.log(`\n${title}`);
  console.log('pos  ahead   rows   ours  naive  ours-naive  p10-p90');
  for (const cell of cells) {
    console.log(
      `${cell.position.padEnd(4)} ${String(cell.horizon).padStart(5)} ${String(cell.rows).padStart(6)}` +
        `${fixed(cell.mae)}${fixed(cell.naiveMae)}${fixed(cell.mae - cell.naiveMae, 3).padStart(12)}` +
        `${(cell.coverage * 100).toFixed(1).padStart(8)}%`,
    );
  }
}

console.log(`Rest-of-season backtest, PPR, seasons ${seasons.join(', ')} (data: ${dataDir})`);
console.log('\nDecay in use (ROS_DECAY):', JSON.stringify(ROS_DECAY));
console.log(`Decay fitted on ${seasons.join(', ')}:`, JSON.stringify(fitted));
print('MAE per position and weeks ahead, decay in use:', card.cells);
const rest = seasons.filter((season) => !checkFitSeasons.includes(season));
console.log(`\nDecay fitted on ${checkFitSeasons.join(', ')} alone:`, JSON.stringify(card.check.decay));
print(`Scored on ${rest.join(', ')} with it:`, card.check.cells);
console.log(
  `\n${samples.length} samples; walk ${walkSeconds.toFixed(1)} s, total ${totalSeconds.toFixed(1)} s`,
);

if (!values['no-write']) {
  writeFileSync(values.out ?? DEFAULT_OUT, `${JSON.stringify(card, null, 2)}\n`);
  console.log(`Results written to ${values.out}`);
}
