import { standardDeviation } from 'simple-statistics';
import { POSITIONS, type Position } from '../stats/stat-line.js';
import { expertFeatureNames, featureVector, FEATURES_BY_POSITION, type FeatureName } from './features.js';
import { designMatrix, fitLeastSquares, fitQuantile, predictRows, type DesignMatrix } from './linear-fits.js';
import type { TrainingExample, TrainingSet } from './projection-history.js';
import { EXPERTS } from './week-data.js';

export const MODEL_VERSION = 'ppr-linear-quantile-2';

/** An expert projecting fewer of the training rows than this share is left out of the fit. */
const MIN_EXPERT_SHARE = 0.05;

/** Below this many examples a position falls back to the experts' projection with a wide spread. */
export const MIN_TRAINING_EXAMPLES = 200;
/** Projection levels (points) at which the residual spread is measured separately. */
const SPREAD_LEVEL_UPPER_BOUNDS = [6, 10, 14, 18, Number.POSITIVE_INFINITY];
const MIN_ROWS_PER_SPREAD_LEVEL = 30;

export const QUANTILE_LEVELS = { p10: 0.1, p50: 0.5, p90: 0.9 } as const;

export interface PositionModel {
  featureNames: readonly FeatureName[];
  /** Least-squares coefficients for the expected points, intercept first. */
  mean: number[];
  /** Quantile-regression coefficients, intercept first. */
  quantiles: Record<keyof typeof QUANTILE_LEVELS, number[]>;
  /** Residual standard deviation of the mean, by projection level (upper bounds in points). */
  spread: { upperBounds: number[]; std: number[] };
  trainingRows: number;
}

export interface ProjectionModel {
  version: string;
  /** The last week whose results the model learned from. */
  trainedThrough: { season: number; week: number } | null;
  positions: Partial<Record<Position, PositionModel>>;
}

/** Fits one model per position on examples from completed weeks. */
export function trainModel(trainingSet: TrainingSet, previous?: ProjectionModel): ProjectionModel {
  const positions: Partial<Record<Position, PositionModel>> = {};
  let trainedThrough: ProjectionModel['trainedThrough'] = null;
  for (const position of POSITIONS) {
    const examples = trainingSet[position];
    for (const example of examples) {
      if (
        !trainedThrough ||
        example.season * 100 + example.week > trainedThrough.season * 100 + trainedThrough.week
      ) {
        trainedThrough = { season: example.season, week: example.week };
      }
    }
    if (examples.length < MIN_TRAINING_EXAMPLES) continue;
    positions[position] = trainPosition(position, examples, previous?.positions[position]);
  }
  return { version: MODEL_VERSION, trainedThrough, positions };
}

function trainPosition(
  position: Position,
  examples: readonly TrainingExample[],
  previous?: PositionModel,
): PositionModel {
  const featureNames = usableFeatures(position, examples);
  // last week's fit is a warm start only while it used the same columns
  const warm = previous && previous.featureNames.join() === featureNames.join() ? previous : undefined;
  const design = designMatrix(examples.map((example) => featureVector(example.features, featureNames)));
  const targets = Float64Array.from(examples, (example) => example.points);
  const mean = fitLeastSquares(design, targets);
  // Last week's quantile fit is a close start, so reweighting converges in a few passes.
  const quantile = (name: keyof typeof QUANTILE_LEVELS): number[] =>
    fitQuantile(design, targets, QUANTILE_LEVELS[name], warm?.quantiles[name]);
  return {
    featureNames,
    mean,
    quantiles: { p10: quantile('p10'), p50: quantile('p50'), p90: quantile('p90') },
    spread: spreadByLevel(design, targets, mean),
    trainingRows: examples.length,
  };
}

/**
 * The position's features, less those of experts that projected too few of the training rows,
 * and less any column that never varies there (e.g. a missing-flag of an expert always present).
 */
function usableFeatures(position: Position, examples: readonly TrainingExample[]): FeatureName[] {
  const dropped = new Set<FeatureName>();
  for (const expert of EXPERTS) {
    const missingKey = `${expert}Missing` as const;
    const present = examples.filter((example) => example.features[missingKey] === 0).length;
    if (present < MIN_EXPERT_SHARE * examples.length)
      for (const name of expertFeatureNames(expert)) dropped.add(name);
  }
  return FEATURES_BY_POSITION[position].filter((name) => {
    if (dropped.has(name)) return false;
    const first = examples[0]?.features[name];
    return examples.some((example) => example.features[name] !== first);
  });
}

function spreadByLevel(design: DesignMatrix, targets: Float64Array, mean: readonly number[]) {
  const fitted = new Float64Array(design.rowCount);
  predictRows(design, mean, fitted);
  const residualsByLevel = SPREAD_LEVEL_UPPER_BOUNDS.map(() => [] as number[]);
  const allResiduals: number[] = [];
  fitted.forEach((predicted, index) => {
    const residual = (targets[index] ?? 0) - predicted;
    allResiduals.push(residual);
    residualsByLevel[levelIndex(predicted)]?.push(residual);
  });
  const overall = standardDeviation(allResiduals);
  return {
    upperBounds: SPREAD_LEVEL_UPPER_BOUNDS,
    std: residualsByLevel.map((residuals) =>
      residuals.length >= MIN_ROWS_PER_SPREAD_LEVEL ? standardDeviation(residuals) : overall,
    ),
  };
}

export function levelIndex(predicted: number): number {
  const index = SPREAD_LEVEL_UPPER_BOUNDS.findIndex((bound) => predicted < bound);
  return index === -1 ? SPREAD_LEVEL_UPPER_BOUNDS.length - 1 : index;
}
