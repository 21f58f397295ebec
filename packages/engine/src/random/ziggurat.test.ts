import { describe, expect, it } from 'vitest';
import { normalCdf } from '../math/normal.js';
import { createRandom } from './xoshiro128.js';
import { fillStandardNormals, standardNormal } from './ziggurat.js';

const N = 1_000_000;

function draws(seed: number): Float64Array {
  const out = new Float64Array(N);
  fillStandardNormals(createRandom(seed), out);
  return out;
}

describe('ziggurat normal sampler', () => {
  it('has mean 0 and variance 1 (±0.005 at n = 10⁶), skewness and excess kurtosis near 0 (±0.02)', () => {
    const values = draws(1);
    let m1 = 0;
    let m2 = 0;
    let m3 = 0;
    let m4 = 0;
    for (const x of values) {
      m1 += x;
      m2 += x * x;
      m3 += x ** 3;
      m4 += x ** 4;
    }
    expect(Math.abs(m1 / N)).toBeLessThan(0.005);
    expect(Math.abs(m2 / N - 1)).toBeLessThan(0.005);
    expect(Math.abs(m3 / N)).toBeLessThan(0.02);
    expect(Math.abs(m4 / N - 3)).toBeLessThan(0.04);
  });

  it('matches Φ at fixed points including the tail beyond the base layer (r ≈ 3.44)', () => {
    const values = draws(2);
    for (const z of [-3, -1.5, -0.5, 0, 0.7, 1.96, 2.5]) {
      let below = 0;
      for (const x of values) if (x <= z) below++;
      expect(Math.abs(below / N - normalCdf(z))).toBeLessThan(0.002);
    }
    let tail = 0;
    for (const x of values) if (Math.abs(x) > 3.442619855899) tail++;
    const expected = 2 * (1 - normalCdf(3.442619855899));
    // Binomial standard error at n = 10⁶ is ≈ 2.4·10⁻⁵; allow 5 of them.
    expect(Math.abs(tail / N - expected)).toBeLessThan(1.2e-4);
  });

  it('is reproducible from a seed, in bulk and one at a time', () => {
    expect(draws(3).subarray(0, 1000)).toEqual(draws(3).subarray(0, 1000));
    const a = createRandom('x');
    const b = createRandom('x');
    const first = Array.from({ length: 100 }, () => standardNormal(a));
    expect(Array.from({ length: 100 }, () => standardNormal(b))).toEqual(first);
  });
});
