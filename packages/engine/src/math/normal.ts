const SQRT_TWO_PI = 2.5066282746310002;

// Standard normal density φ(x) = exp(−x²/2) / √(2π).
export function normalDensity(x: number): number {
  return Math.exp(-0.5 * x * x) / SQRT_TWO_PI;
}

// Standard normal CDF Φ(x), Hart (1968) algorithm 5666 as given by West (2005), "Better approximations to cumulative normal functions", Wilmott; double precision.
export function normalCdf(x: number): number {
  const absX = Math.abs(x);
  let tail: number;
  if (absX > 37) {
    tail = 0;
  } else {
    const exponential = Math.exp(-0.5 * absX * absX);
    if (absX < 7.07106781186547) {
      let numerator = 3.52624965998911e-2 * absX + 0.700383064443688;
      numerator = numerator * absX + 6.37396220353165;
      numerator = numerator * absX + 33.912866078383;
      numerator = numerator * absX + 112.079291497871;
      numerator = numerator * absX + 221.213596169931;
      numerator = numerator * absX + 220.206867912376;
      let denominator = 8.83883476483184e-2 * absX + 1.75566716318264;
      denominator = denominator * absX + 16.064177579207;
      denominator = denominator * absX + 86.7807322029461;
      denominator = denominator * absX + 296.564248779674;
      denominator = denominator * absX + 637.333633378831;
      denominator = denominator * absX + 793.826512519948;
      denominator = denominator * absX + 440.413735824752;
      tail = (exponential * numerator) / denominator;
    } else {
      let fraction = absX + 0.65;
      fraction = absX + 4 / fraction;
      fraction = absX + 3 / fraction;
      fraction = absX + 2 / fraction;
      fraction = absX + 1 / fraction;
      tail = exponential / fraction / SQRT_TWO_PI;
    }
  }
  return x > 0 ? 1 - tail : tail;
}

const A = [
  -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1,
  2.506628277459239,
] as const;
const B = [
  -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1,
] as const;
const C = [
  -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
] as const;
const D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416] as const;
const LOWER_REGION = 0.02425;

function tailQuantile(p: number): number {
  const q = Math.sqrt(-2 * Math.log(p));
  return (
    (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5]) /
    ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1)
  );
}

// Inverse standard normal CDF Φ⁻¹(p): Acklam (2003) rational approximation, then one Halley step on Φ for full double precision.
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) {
    if (p === 0) return -Infinity;
    if (p === 1) return Infinity;
    throw new RangeError(`probability must lie in [0, 1], got ${p}`);
  }
  let x: number;
  if (p < LOWER_REGION) {
    x = tailQuantile(p);
  } else if (p > 1 - LOWER_REGION) {
    x = -tailQuantile(1 - p);
  } else {
    const q = p - 0.5;
    const r = q * q;
    x =
      ((((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q) /
      (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1);
  }
  const error = normalCdf(x) - p;
  const step = error * SQRT_TWO_PI * Math.exp(0.5 * x * x);
  return x - step / (1 + (x * step) / 2);
}

/** z-score of the 90th percentile, Φ⁻¹(0.9). */
export const Z_90 = 1.2815515655446004;
