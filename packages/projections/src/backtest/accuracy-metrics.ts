import { mean, rootMeanSquare, sampleRankCorrelation } from 'simple-statistics';

/** One scored prediction: what was projected and what happened, in a group (a position's week). */
export interface ScoredPrediction {
  group: string;
  predicted: number;
  actual: number;
}

/** Spearman is averaged over groups of at least this many rows (smaller weeks rank too few players). */
const MIN_GROUP_SIZE_FOR_RANKING = 5;

export function meanAbsoluteError(rows: readonly ScoredPrediction[]): number {
  return mean(rows.map((row) => Math.abs(row.predicted - row.actual)));
}

export function rootMeanSquaredError(rows: readonly ScoredPrediction[]): number {
  return rootMeanSquare(rows.map((row) => row.predicted - row.actual));
}

/** Spearman's ρ within each group, averaged with weights equal to group sizes. */
export function groupedSpearman(rows: readonly ScoredPrediction[]): number {
  let weighted = 0;
  let weight = 0;
  for (const group of groupRows(rows).values()) {
    if (group.length < MIN_GROUP_SIZE_FOR_RANKING) continue;
    const rho = sampleRankCorrelation(
      group.map((row) => row.predicted),
      group.map((row) => row.actual),
    );
    if (!Number.isFinite(rho)) continue;
    weighted += rho * group.length;
    weight += group.length;
  }
  return weight > 0 ? weighted / weight : Number.NaN;
}

/**
 * Start/sit accuracy: over every pair of players in the same group whose actual points
 * differ, the share where the one projected higher scored more (equal projections count half).
 */
export function pairwiseAccuracy(rows: readonly ScoredPrediction[]): number {
  let correct = 0;
  let pairs = 0;
  for (const group of groupRows(rows).values()) {
    for (let i = 0; i < group.length; i++) {
      const a = group[i];
      if (!a) continue;
      for (let j = i + 1; j < group.length; j++) {
        const b = group[j];
        if (!b || a.actual === b.actual) continue;
        pairs += 1;
        const projectedGap = a.predicted - b.predicted;
        if (projectedGap === 0) correct += 0.5;
        else if (projectedGap > 0 === a.actual > b.actual) correct += 1;
      }
    }
  }
  return pairs > 0 ? correct / pairs : Number.NaN;
}

/** Share of rows whose actual points fall inside [low, high]. */
export function intervalCoverage(rows: readonly { low: number; high: number; actual: number }[]): number {
  return mean(rows.map((row) => (row.actual >= row.low && row.actual <= row.high ? 1 : 0)));
}

function groupRows(rows: readonly ScoredPrediction[]): Map<string, ScoredPrediction[]> {
  const groups = new Map<string, ScoredPrediction[]>();
  for (const row of rows) {
    const group = groups.get(row.group);
    if (group) group.push(row);
    else groups.set(row.group, [row]);
  }
  return groups;
}
