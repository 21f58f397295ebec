import { describe, expect, it } from 'vitest';
import { createRandom } from '../random/xoshiro128.js';
import { fillStandardNormals } from '../random/ziggurat.js';
import { sampleQuantiles } from './order-statistics.js';

// Definition 7 of Hyndman & Fan on a fully sorted copy: the obvious implementation to compare against.
function sortedQuantile(values: Float64Array, p: number): number {
  const sorted = Array.from(values).sort((a, b) => a - b);
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

describe('sampleQuantiles', () => {
  const probabilities = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1];

  it('equals quantiles read from a full sort, on skewed data, ties and small samples', () => {
    const random = createRandom(3);
    const normals = new Float64Array(10_001);
    fillStandardNormals(random, normals);
    const skewed = normals.map((z) => Math.exp(z));
    const ties = normals.map((z) => Math.max(0, Math.round(z * 3)));
    for (const values of [skewed, ties, Float64Array.of(3, 1, 2), Float64Array.of(5, 5, 5, 5)]) {
      const exact = probabilities.map((p) => sortedQuantile(values, p));
      expect(sampleQuantiles(values, probabilities)).toEqual(exact);
    }
  });

  it('leaves the input untouched', () => {
    const values = Float64Array.of(9, 1, 8, 2, 7);
    sampleQuantiles(values, [0.5]);
    expect(Array.from(values)).toEqual([9, 1, 8, 2, 7]);
  });
});
