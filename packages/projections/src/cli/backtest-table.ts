import {
  METHODS,
  type BacktestSummary,
  type Method,
  type SegmentSummary,
} from '../backtest/summarize-backtest.js';

const METHOD_LABELS: Record<Method, string> = {
  model: 'ours',
  nflcom: 'NFL.com',
  sleeper: 'Sleeper',
  seasonAverage: 'season avg',
};

/** A plain-text table: one line per segment, the methods side by side on the same rows. */
export function formatBacktestTable(summary: BacktestSummary): string {
  const methods = METHODS.filter((method) => summary.overall.methods[method] !== undefined);
  const header = [
    'segment'.padEnd(12),
    'n'.padStart(5),
    ...methods.map((method) => `MAE ${METHOD_LABELS[method]}`.padStart(16)),
    ...methods.map((method) => `RMSE ${METHOD_LABELS[method]}`.padStart(16)),
    ...methods.map((method) => `rho ${METHOD_LABELS[method]}`.padStart(15)),
    ...methods.map((method) => `pair ${METHOD_LABELS[method]}`.padStart(16)),
    'cover p10-p90'.padStart(14),
    'MAE p50'.padStart(8),
  ].join(' ');
  const lines = [header];
  const add = (label: string, segment: SegmentSummary) => lines.push(formatSegment(label, segment, methods));
  add('ALL', summary.overall);
  for (const [season, segment] of Object.entries(summary.bySeason)) {
    add(season, segment);
    for (const [position, bySeason] of Object.entries(summary.bySeasonAndPosition[season] ?? {})) {
      add(`  ${season} ${position}`, bySeason);
    }
  }
  for (const [position, segment] of Object.entries(summary.byPosition)) add(`all ${position}`, segment);
  if (summary.kickers) add('K (extra)', summary.kickers);
  if (summary.defenses) add('DEF (extra)', summary.defenses);
  return lines.join('\n');
}

function formatSegment(label: string, segment: SegmentSummary, methods: readonly Method[]): string {
  const fixed = (value: number | undefined, width: number, digits = 3) =>
    (value === undefined ? '–' : value.toFixed(digits)).padStart(width);
  return [
    label.padEnd(12),
    String(segment.rows).padStart(5),
    ...methods.map((method) => fixed(segment.methods[method]?.mae, 16)),
    ...methods.map((method) => fixed(segment.methods[method]?.rmse, 16)),
    ...methods.map((method) => fixed(segment.methods[method]?.spearman, 15)),
    ...methods.map((method) => fixed(segment.methods[method]?.pairwiseAccuracy, 16)),
    fixed(segment.intervalCoverage * 100, 13, 1) + '%',
    fixed(segment.maeOfMedian, 8),
  ].join(' ');
}
