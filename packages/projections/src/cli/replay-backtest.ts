/**
 * Accuracy of the model fed Sleeper-shaped data only: every season of the NFL.com files is
 * turned into Sleeper's answers (buildReplaySeason) and read back through statLineFromSleeper
 * (modelWeekFromSleeper), as a deployment with Sleeper alone would see it; then the same
 * walk-forward backtest as on the NFL.com files themselves, both printed side by side.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { summarizeBacktest } from '../backtest/summarize-backtest.js';
import { walkForward } from '../backtest/walk-forward.js';
import { DEFAULT_NFL_DATA_DIR } from '../files/default-data-dir.js';
import { readNflDataDir } from '../files/read-nfl-data-dir.js';
import { modelWeekFromNflcom } from '../model/nflcom-projection.js';
import type { WeekData } from '../model/week-data.js';
import { buildReplaySeason } from '../sleeper/replay-season.js';
import { modelWeekFromSleeper } from '../sleeper/sleeper-weeks.js';
import { formatBacktestTable, formatBlendTable, formatExpertTable } from './backtest-table.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: DEFAULT_NFL_DATA_DIR },
    seasons: { type: 'string', default: '2024,2025' },
  },
});
const evaluated = (values.seasons ?? '').split(',').map(Number).filter(Number.isInteger);
const dataDir = path.resolve(values.data ?? DEFAULT_NFL_DATA_DIR);
const { weeks } = readNflDataDir(dataDir);

const started = performance.now();
const replayWeeks: WeekData[] = [];
for (const season of [...new Set(weeks.map((week) => week.season))]) {
  const replay = buildReplaySeason(weeks, season);
  const weekNumbers = Object.keys(replay.projections)
    .map(Number)
    .sort((a, b) => a - b);
  for (const week of weekNumbers) {
    replayWeeks.push(
      modelWeekFromSleeper({
        season,
        week,
        directory: replay.players,
        projections: replay.projections[week] ?? null,
        stats: replay.stats[week] ?? null,
      }),
    );
  }
}
const replaySeconds = (performance.now() - started) / 1000;

for (const [label, input] of [
  ['Sleeper-shaped replay (expert = the projections served as Sleeper’s)', replayWeeks],
  ['NFL.com CSVs (expert = NFL.com)', weeks.map(modelWeekFromNflcom)],
] as const) {
  const runStarted = performance.now();
  const result = walkForward(input, evaluated);
  console.log(`\n${label}: walk-forward, PPR, seasons ${evaluated.join(', ')}`);
  const summary = summarizeBacktest(result.rows);
  console.log(formatBacktestTable(summary));
  console.log(formatExpertTable(summary.experts));
  console.log(formatBlendTable(result.blend));
  console.log(
    `${result.weeksEvaluated} weeks evaluated in ${((performance.now() - runStarted) / 1000).toFixed(1)} s`,
  );
}
console.log(`\nreplay built and read back in ${replaySeconds.toFixed(1)} s`);
