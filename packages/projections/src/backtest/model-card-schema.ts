import { POSITIONS } from '@fm/engine';
import { z } from 'zod';
import { EXPERTS } from '../model/week-data.js';

/**
 * The model card as the backtest writes it (`model-card.json`) and the API serves it: one schema,
 * read with it, so the writer, the server and the methodology page share one type.
 */
const methodMetricsSchema = z.object({
  mae: z.number(),
  rmse: z.number(),
  spearman: z.number(),
  pairwiseAccuracy: z.number(),
});

export const segmentSummarySchema = z.object({
  rows: z.number(),
  /** Ours always; an expert (or the season average) where it projected every row. */
  methods: z.object({
    model: methodMetricsSchema,
    nflcom: methodMetricsSchema.optional(),
    sleeper: methodMetricsSchema.optional(),
    espn: methodMetricsSchema.optional(),
    seasonAverage: methodMetricsSchema.optional(),
  }),
  /** Our model only: share of actual points inside [p10, p90], and the MAE of p50 as the point. */
  intervalCoverage: z.number(),
  maeOfMedian: z.number(),
});

/** One expert on the rows it projected, next to our model on the same rows. */
const expertSummarySchema = z.object({
  rows: z.number(),
  mae: z.number(),
  rmse: z.number(),
  modelMae: z.number(),
  modelRmse: z.number(),
});

export const backtestSummarySchema = z.object({
  /** All evaluated seasons, QB/RB/WR/TE (the README's reference population). */
  overall: segmentSummarySchema,
  bySeason: z.record(z.string(), segmentSummarySchema),
  byPosition: z.record(z.string(), segmentSummarySchema),
  bySeasonAndPosition: z.record(z.string(), z.record(z.string(), segmentSummarySchema)),
  /** Kickers and team defenses are scored and projected too, but kept out of the headline figures. */
  kickers: segmentSummarySchema.nullable(),
  defenses: segmentSummarySchema.nullable(),
  /** Each expert on the headline rows it projected. */
  experts: z.record(z.enum(EXPERTS), expertSummarySchema),
});

const evaluatedSeasonSchema = z.object({ season: z.number(), firstWeek: z.number(), lastWeek: z.number() });

export const modelCardSchema = z.object({
  model: z.string(),
  version: z.string(),
  generatedAt: z.string(),
  command: z.string(),
  training: z.string(),
  seasons: z.array(evaluatedSeasonSchema),
  headline: z.object({ startSitAccuracy: z.number(), statement: z.string() }),
  /** Per season: our MAE against NFL.com's on the same rows (null: NFL.com projected none of them). */
  maeVersusNflcom: z.record(
    z.string(),
    z.object({ model: z.number(), nflcom: z.number().nullable(), modelIsLower: z.boolean() }),
  ),
  /** What each figure means, in words. */
  definitions: z.object({
    rows: z.string(),
    mae: z.string(),
    rmse: z.string(),
    spearman: z.string(),
    pairwiseAccuracy: z.string(),
    intervalCoverage: z.string(),
    maeOfMedian: z.string(),
    methods: z.object({
      model: z.string(),
      nflcom: z.string(),
      sleeper: z.string(),
      espn: z.string(),
      seasonAverage: z.string(),
    }),
    blend: z.string(),
    scoring: z.string(),
  }),
  results: backtestSummarySchema,
  /** Per position, the experts' mix (each one's share; empty: their plain average) and our fit's weight. */
  blend: z.record(
    z.enum(POSITIONS),
    z.object({
      mix: z.partialRecord(z.enum(EXPERTS), z.number()),
      modelWeight: z.number(),
      recordRows: z.number(),
    }),
  ),
  timings: z.object({ totalSeconds: z.number(), trainingSeconds: z.number(), weeksEvaluated: z.number() }),
});
export type ModelCard = z.output<typeof modelCardSchema>;
export type EvaluatedSeason = z.output<typeof evaluatedSeasonSchema>;

/** "2024 weeks 1–16" (or "2025 week 1"). */
export function describeEvaluatedSeason({ season, firstWeek, lastWeek }: EvaluatedSeason): string {
  return firstWeek === lastWeek ? `${season} week ${firstWeek}` : `${season} weeks ${firstWeek}–${lastWeek}`;
}
