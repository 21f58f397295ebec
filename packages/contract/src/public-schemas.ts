import { z } from 'zod';

/** Answers of /public/* that anyone may read: the landing page's measured figures. */

/** The model card's headline figure, as the landing page states it. */
export const headlineAccuracySchema = z.object({
  value: z.number().min(0).max(1).describe('A fraction: 0.61 means 61 %'),
  /** What was counted, in words a visitor can check. */
  definition: z.string(),
  /** The data the figure was measured on (seasons, weeks, sample size). */
  measuredOn: z.string(),
});
export type HeadlineAccuracy = z.output<typeof headlineAccuracySchema>;

export const publicStatsSchema = z.object({
  /** Every matchup simulation ever run (rows of the simulations table). */
  simulationsRun: z.number().int().nonnegative(),
  /** From the model card; null until the backtest has measured it. */
  modelAccuracy: headlineAccuracySchema.nullable(),
});
export type PublicStats = z.output<typeof publicStatsSchema>;
