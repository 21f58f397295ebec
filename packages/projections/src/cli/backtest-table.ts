import {
  METHODS,
  type BacktestSummary,
  type Method,
  type SegmentSummary,
} from '../backtest/summarize-backtest.js';
import type { BlendChoice, ExpertMix } from '../model/expert-blend.js';
import { EXPERTS } from '../model/week-data.js';
import { POSITIONS, type Position } from '../stats/stat-line.js';

const METHOD_LABELS: Record<Method, string> = {
  model: 'ours',
  nflcom: 'NFL.com',
  sleeper: 'Sleeper',
  espn: 'ESPN',
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

/** Each expert on the rows it projected, next to ours on the same rows. */
export function formatExpertTable(experts: BacktestSummary['experts']): string {
  const lines = [
    ['expert'.padEnd(12), 'n'.padStart(6), 'MAE'.padStart(8), 'MAE ours'.padStart(9), 'RMSE'.padStart(8)]
      .concat('RMSE ours'.padStart(10))
      .join(' '),
  ];
  for (const expert of EXPERTS) {
    const s = experts[expert];
    lines.push(
      s.rows === 0
        ? `${METHOD_LABELS[expert].padEnd(12)} ${'0'.padStart(6)}  (no projections in this data)`
        : [
            METHOD_LABELS[expert].padEnd(12),
            String(s.rows).padStart(6),
            s.mae.toFixed(3).padStart(8),
            s.modelMae.toFixed(3).padStart(9),
            s.rmse.toFixed(3).padStart(8),
            s.modelRmse.toFixed(3).padStart(10),
          ].join(' '),
    );
  }
  return lines.join('\n');
}

/** "NFL.com 75% + ESPN 25%", or the consensus. */
export function describeMix(mix: ExpertMix): string {
  const parts = EXPERTS.filter((expert) => (mix[expert] ?? 0) > 0).map(
    (expert) => `${METHOD_LABELS[expert]} ${Math.round((mix[expert] ?? 0) * 100)}%`,
  );
  return parts.length === 0 ? 'average of the experts' : parts.join(' + ');
}

/** Per position: the experts' mix, our fit's weight and the record they were chosen on. */
export function formatBlendTable(blend: Record<Position, BlendChoice & { recordRows: number }>): string {
  const lines = [`${'pos'.padEnd(4)} ${'record'.padStart(7)} ${'ours'.padStart(5)}  experts' mix`];
  for (const position of POSITIONS) {
    const choice = blend[position];
    lines.push(
      `${position.padEnd(4)} ${String(choice.recordRows).padStart(7)} ${`${Math.round(choice.modelWeight * 100)}%`.padStart(5)}  ${describeMix(choice.mix)}`,
    );
  }
  return lines.join('\n');
}
