import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildModelCard } from '../backtest/model-card.js';
import { summarizeBacktest } from '../backtest/summarize-backtest.js';
import { walkForward } from '../backtest/walk-forward.js';
import { DEFAULT_NFL_DATA_DIR, REPO_ROOT } from '../files/default-data-dir.js';
import { readNflDataDir } from '../files/read-nfl-data-dir.js';
import { modelWeekFromNflcom } from '../model/nflcom-projection.js';
import { formatBacktestTable, formatBlendTable, formatExpertTable } from './backtest-table.js';

const DEFAULT_SEASONS = [2024, 2025];
const DEFAULT_CARD = path.join(REPO_ROOT, 'packages/projections/model-card.json');
const CARD_DECIMALS = 10_000;

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: DEFAULT_NFL_DATA_DIR },
    seasons: { type: 'string', default: DEFAULT_SEASONS.join(',') },
    card: { type: 'string', default: DEFAULT_CARD },
    'no-card': { type: 'boolean', default: false },
  },
});

const started = performance.now();
const seasons = (values.seasons ?? '').split(',').map(Number).filter(Number.isInteger);
const dataDir = path.resolve(values.data ?? DEFAULT_NFL_DATA_DIR);
const { weeks, errors } = readNflDataDir(dataDir);
for (const error of errors) console.warn(`${error.file}:${error.line}: ${error.message}`);
const loadedSeconds = (performance.now() - started) / 1000;
const result = walkForward(weeks.map(modelWeekFromNflcom), seasons);
const summary = summarizeBacktest(result.rows);
const totalSeconds = (performance.now() - started) / 1000;

console.log(`Walk-forward backtest, PPR, seasons ${seasons.join(', ')} (data: ${dataDir})`);
console.log(formatBacktestTable(summary));
console.log('\nEach expert where it projected (QB/RB/WR/TE), ours on the same rows:');
console.log(formatExpertTable(summary.experts));
console.log("\nThe blend at the end of the walk (our fit's weight, the experts' mix):");
console.log(formatBlendTable(result.blend));
console.log(
  `\n${result.weeksEvaluated} weeks evaluated; load ${loadedSeconds.toFixed(1)} s, ` +
    `training ${(result.trainingMs / 1000).toFixed(1)} s, total ${totalSeconds.toFixed(1)} s`,
);

if (!values['no-card']) {
  const evaluated = seasons.map((season) => {
    const weeksOfSeason = result.rows.filter((row) => row.season === season).map((row) => row.week);
    return { season, firstWeek: Math.min(...weeksOfSeason), lastWeek: Math.max(...weeksOfSeason) };
  });
  const card = buildModelCard({
    summary,
    seasons: evaluated,
    generatedAt: new Date(),
    command:
      seasons.join(',') === DEFAULT_SEASONS.join(',')
        ? 'npm run backtest'
        : `npm run backtest -- --seasons ${seasons.join(',')}`,
    blend: result.blend,
    timings: {
      totalSeconds: Math.round(totalSeconds * 10) / 10,
      trainingSeconds: Math.round(result.trainingMs / 100) / 10,
      weeksEvaluated: result.weeksEvaluated,
    },
  });
  const rounded = (_key: string, value: unknown) =>
    typeof value === 'number' && !Number.isInteger(value)
      ? Math.round(value * CARD_DECIMALS) / CARD_DECIMALS
      : value;
  writeFileSync(values.card ?? DEFAULT_CARD, `${JSON.stringify(card, rounded, 2)}\n`);
  console.log(`Model card written to ${values.card}`);
}
