import type { Position } from '../stats/stat-line.js';
import { featureVector, type Features } from './features.js';
import { predictLinear } from './linear-fits.js';
import { MIN_TRAINING_PROJECTION } from './projection-history.js';
import { normalPercentiles, POINTS_FLOOR } from './normal-percentiles.js';
import { levelIndex, type ProjectionModel } from './train-model.js';

/** Without a usable model: the experts' figure, with a spread typical of the model's residuals (points). */
const FALLBACK_SPREAD = { base: 3, perPoint: 0.45 };

export interface PointsDistribution {
  predMean: number;
  predStd: number;
  p10: number;
  p50: number;
  p90: number;
}

/**
 * The points distribution for one player-week from its features, or null when the model has
 * nothing to say: no fit for the position yet, or experts projecting the player below the
 * training range (injured, inactive, deep backups), where a linear fit is not reliable.
 */
export function predictDistribution(
  model: ProjectionModel,
  position: Position,
  features: Features,
  consensus: number | null,
): PointsDistribution | null {
  const positionModel = model.positions[position];
  if (!positionModel || consensus === null || consensus < MIN_TRAINING_PROJECTION) return null;
  const row = featureVector(features, positionModel.featureNames);
  const predMean = Math.max(POINTS_FLOOR, predictLinear(positionModel.mean, row));
  // Separate quantile fits can cross for unusual rows; sorting restores the order.
  const [p10, p50, p90] = [
    predictLinear(positionModel.quantiles.p10, row),
    predictLinear(positionModel.quantiles.p50, row),
    predictLinear(positionModel.quantiles.p90, row),
  ]
    .map((value) => Math.max(POINTS_FLOOR, value))
    .sort((a, b) => a - b) as [number, number, number];
  const predStd = positionModel.spread.std[levelIndex(predMean)] ?? 0;
  return { predMean, predStd, p10, p50, p90 };
}

/** A normal around an expert's figure, floored at 0, for players the model does not project. */
export function fallbackDistribution(center: number): PointsDistribution {
  const predMean = Math.max(POINTS_FLOOR, center);
  const predStd = FALLBACK_SPREAD.base + FALLBACK_SPREAD.perPoint * predMean;
  const { p10, p90 } = normalPercentiles(predMean, predStd);
  return { predMean, predStd, p10, p50: predMean, p90 };
}

/** The distribution moved so its mean is `mean` (quantiles shift alike, still floored at 0). */
export function shiftDistribution(distribution: PointsDistribution, mean: number): PointsDistribution {
  const shift = mean - distribution.predMean;
  const move = (value: number) => Math.max(POINTS_FLOOR, value + shift);
  return {
    predMean: Math.max(POINTS_FLOOR, mean),
    predStd: distribution.predStd,
    p10: move(distribution.p10),
    p50: move(distribution.p50),
    p90: move(distribution.p90),
  };
}
