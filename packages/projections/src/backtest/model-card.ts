import { BLEND_MEMORY_WEEKS, MIN_BLEND_ROWS } from '../model/expert-blend.js';
import { MODEL_VERSION } from '../model/train-model.js';
import type { ModelCard } from './model-card-schema.js';
import type { BacktestSummary } from './summarize-backtest.js';
import { MIN_ACTUAL_POINTS, MIN_EXPERT_PROJECTION } from './walk-forward.js';

export const METRIC_DEFINITIONS = {
  rows:
    `Player-weeks evaluated: QB/RB/WR/TE whose NFL.com projected stat line, rescored PPR, is >= ${MIN_EXPERT_PROJECTION} points ` +
    `and who scored > ${MIN_ACTUAL_POINTS} PPR points. All three methods are scored on exactly these rows.`,
  mae: 'Mean absolute error of the projected points (ours: pred_mean) against actual PPR points.',
  rmse: 'Root mean squared error of the same.',
  spearman:
    "Spearman rank correlation between projection and actual points within each position's week, averaged with weights equal to the number of players ranked.",
  pairwiseAccuracy:
    'Start/sit accuracy: over all pairs of players of the same position in the same week whose actual points differ, the share where the one projected higher scored more (equal projections count half).',
  intervalCoverage:
    'Ours only: share of rows whose actual points lie within [p10, p90]; 80 % is the calibrated value.',
  maeOfMedian: 'Ours only: MAE when p50 is used as the point projection instead of pred_mean.',
  methods: {
    model: `This package's model (${MODEL_VERSION}), retrained before every week on all earlier weeks only (walk-forward).`,
    nflcom: "NFL.com's published projection for the week: its projected stat line rescored to PPR.",
    sleeper:
      "Sleeper's projection for the week (GET /projections/nfl/regular/{season}/{week}): its projected stat line rescored to PPR, else its PPR total.",
    espn: "ESPN's projection for the week (statSourceId 1, statSplitTypeId 1 of a player's stats, from a league's answer or ESPN's public player pool): its projected stat line rescored to PPR.",
    seasonAverage:
      "The player's own PPR average over his earlier games this season (previous season's average before his first game; NFL.com's figure for a player with no history).",
  },
  blend: `Per position, our fit is shrunk toward a mix of the experts: the mix (each expert alone, their average, or any split in quarters) and our weight (0 to 1 in tenths) are those with the lowest MAE over the last ${BLEND_MEMORY_WEEKS} weeks of out-of-sample projections. An expert enters the mix once it projected ${MIN_BLEND_ROWS} of those player-weeks; below ${MIN_BLEND_ROWS} at a position, the projection is the experts' average.`,
  scoring:
    'PPR: 0.04/pass yd, 4/pass TD, -2/INT, 0.1/rush or rec yd, 6/TD, 1/reception, 2/2-pt, -2/fumble lost.',
} as const;

export function buildModelCard(input: {
  summary: BacktestSummary;
  seasons: ModelCard['seasons'];
  generatedAt: Date;
  command: string;
  timings: ModelCard['timings'];
  blend: ModelCard['blend'];
}): ModelCard {
  const accuracy = input.summary.overall.methods.model.pairwiseAccuracy;
  const percent = Math.round(accuracy * 1000) / 10;
  return {
    model:
      'Weekly PPR projection: linear mean and quantile regressions on the expert projections fed (NFL.com, Sleeper, ESPN), usage, form and matchup, shrunk toward the best mix of the experts by their walk-forward record',
    version: MODEL_VERSION,
    generatedAt: input.generatedAt.toISOString(),
    command: input.command,
    seasons: input.seasons,
    training:
      'Walk-forward: before each evaluated week the model is refitted on every earlier week of the data (from 2021 week 1); nothing from the week itself or later is read.',
    headline: {
      startSitAccuracy: accuracy,
      statement: `${percent}% start/sit accuracy (PPR, walk-forward backtest, ${input.summary.overall.rows} player-weeks)`,
    },
    maeVersusNflcom: Object.fromEntries(
      Object.entries(input.summary.bySeason).map(([season, segment]) => {
        const model = segment.methods.model.mae;
        const nflcom = segment.methods.nflcom?.mae ?? null;
        return [season, { model, nflcom, modelIsLower: nflcom !== null && model < nflcom }];
      }),
    ),
    definitions: METRIC_DEFINITIONS,
    results: input.summary,
    blend: input.blend,
    timings: input.timings,
  };
}
