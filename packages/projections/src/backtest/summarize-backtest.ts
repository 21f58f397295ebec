import { EXPERTS, type Expert } from '../model/week-data.js';
import type { Position } from '../stats/stat-line.js';
import {
  groupedSpearman,
  intervalCoverage,
  meanAbsoluteError,
  pairwiseAccuracy,
  rootMeanSquaredError,
  type ScoredPrediction,
} from './accuracy-metrics.js';
import type { z } from 'zod';
import type { backtestSummarySchema, segmentSummarySchema } from './model-card-schema.js';
import type { BacktestRow } from './walk-forward.js';

/** Ours, each expert, and the player's season average; an expert is summarized where it projected every row. */
export const METHODS = ['model', ...EXPERTS, 'seasonAverage'] as const;
export type Method = (typeof METHODS)[number];

export type SegmentSummary = z.output<typeof segmentSummarySchema>;
export type MethodMetrics = SegmentSummary['methods']['model'];

/** The point each method puts forward for a row (ours: the mean); null where an expert had none. */
function pointOf(row: BacktestRow, method: Method): number | null {
  if (method === 'model') return row.model.predMean;
  if (method === 'seasonAverage') return row.seasonAverage;
  return row.experts[method];
}

export function summarizeRows(rows: readonly BacktestRow[]): SegmentSummary {
  const scored = (method: Method): ScoredPrediction[] =>
    rows.map((row) => ({
      group: `${row.season}|${row.week}|${row.position}`,
      predicted: pointOf(row, method) ?? 0,
      actual: row.actual,
    }));
  const present = METHODS.filter((method) => rows.every((row) => pointOf(row, method) !== null));
  const methods = Object.fromEntries(
    present.map((method) => {
      const predictions = scored(method);
      return [
        method,
        {
          mae: meanAbsoluteError(predictions),
          rmse: rootMeanSquaredError(predictions),
          spearman: groupedSpearman(predictions),
          pairwiseAccuracy: pairwiseAccuracy(predictions),
        },
      ];
    }),
  ) as SegmentSummary['methods'];
  return {
    rows: rows.length,
    methods,
    intervalCoverage: intervalCoverage(
      rows.map((row) => ({ low: row.model.p10, high: row.model.p90, actual: row.actual })),
    ),
    maeOfMedian: meanAbsoluteError(
      rows.map((row) => ({ group: '', predicted: row.model.p50, actual: row.actual })),
    ),
  };
}

export type ExpertSummary = BacktestSummary['experts'][Expert];

/** Each expert where it projected (none: zero rows); an expert missing from some weeks is still measured. */
export function summarizeExperts(rows: readonly BacktestRow[]): Record<Expert, ExpertSummary> {
  const summary = {} as Record<Expert, ExpertSummary>;
  for (const expert of EXPERTS) {
    const projected = rows.filter((row) => row.experts[expert] !== null);
    const scored = (point: (row: BacktestRow) => number): ScoredPrediction[] =>
      projected.map((row) => ({ group: '', predicted: point(row), actual: row.actual }));
    const expertRows = scored((row) => row.experts[expert] ?? 0);
    const modelRows = scored((row) => row.model.predMean);
    const isEmpty = projected.length === 0;
    summary[expert] = {
      rows: projected.length,
      mae: isEmpty ? 0 : meanAbsoluteError(expertRows),
      rmse: isEmpty ? 0 : rootMeanSquaredError(expertRows),
      modelMae: isEmpty ? 0 : meanAbsoluteError(modelRows),
      modelRmse: isEmpty ? 0 : rootMeanSquaredError(modelRows),
    };
  }
  return summary;
}

export type BacktestSummary = z.output<typeof backtestSummarySchema>;

const HEADLINE_POSITIONS: readonly Position[] = ['QB', 'RB', 'WR', 'TE'];

export function summarizeBacktest(rows: readonly BacktestRow[]): BacktestSummary {
  const headline = rows.filter((row) => HEADLINE_POSITIONS.includes(row.position));
  const kickers = rows.filter((row) => row.position === 'K');
  const defenses = rows.filter((row) => row.position === 'DEF');
  const seasons = [...new Set(headline.map((row) => row.season))].sort();
  const summarizeBy = (subset: readonly BacktestRow[], key: (row: BacktestRow) => string) =>
    Object.fromEntries(
      [...new Set(subset.map(key))]
        .sort()
        .map((value) => [value, summarizeRows(subset.filter((row) => key(row) === value))]),
    );
  return {
    overall: summarizeRows(headline),
    bySeason: summarizeBy(headline, (row) => String(row.season)),
    byPosition: summarizeBy(headline, (row) => row.position),
    bySeasonAndPosition: Object.fromEntries(
      seasons.map((season) => [
        String(season),
        summarizeBy(
          headline.filter((row) => row.season === season),
          (row) => row.position,
        ),
      ]),
    ),
    kickers: kickers.length > 0 ? summarizeRows(kickers) : null,
    defenses: defenses.length > 0 ? summarizeRows(defenses) : null,
    experts: summarizeExperts(headline),
  };
}
