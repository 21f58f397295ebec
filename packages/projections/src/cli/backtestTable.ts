import { METHODS, type BacktestSummary, type SegmentSummary } from '../backtest/summarizeBacktest.js';

const METHOD_LABELS = { model: 'ours', nflcom: 'NFL.com', seasonAverage: 'season avg' } as const;

/** A plain-text table: one line per segment, the three methods side by side on the same rows. */
export function formatBacktestTable(summary: BacktestSummary): string {
  const header = [
    'segment'.padEnd(12),
    'n'.padStart(5),
    ...METHODS.map((method) => `MAE ${METHOD_LABELS[method]}`.padStart(16)),
    ...METHODS.map((method) => `RMSE ${METHOD_LABELS[method]}`.padStart(16)),
    ...METHODS.map((method) => `rho ${METHOD_LABELS[method]}`.padStart(15)),
    ...METHODS.map((method) => `pair ${METHOD_LABELS[method]}`.padStart(16)),
    'cover p10-p90'.padStart(14),
    'MAE p50'.padStart(8),
  ].join(' ');
  const lines = [header];
  const add = (label: string, segment: SegmentSummary) => lines.push(formatSegment(label, segment));
  add('ALL', summary.overall);
  for (const [season, segment] of Object.entries(summary.bySeason)) {
    add(season, segment);
    for (const [position, bySeason] of Object.entries(summary.bySeasonAndPosition[season] ?? {})) {
      add(`  ${season} ${position}`, bySeason);
    }
  }
  for (const [position, segment] of Object.entries(summary.byPosition)) add(`all ${position}`, segment);
  if (summary.kickers) add('K (extra)', summary.kickers);
  return lines.join('\n');
}

function formatSegment(label: string, segment: SegmentSummary): string {
  const fixed = (value: number, width: number, digits = 3) => value.toFixed(digits).padStart(width);
  return [
    label.padEnd(12),
    String(segment.rows).padStart(5),
    ...METHODS.map((method) => fixed(segment.methods[method].mae, 16)),
    ...METHODS.map((method) => fixed(segment.methods[method].rmse, 16)),
    ...METHODS.map((method) => fixed(segment.methods[method].spearman, 15)),
    ...METHODS.map((method) => fixed(segment.methods[method].pairwiseAccuracy, 16)),
    fixed(segment.intervalCoverage * 100, 13, 1) + '%',
    fixed(segment.maeOfMedian, 8),
  ].join(' ');
}
