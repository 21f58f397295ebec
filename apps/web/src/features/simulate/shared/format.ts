/** A probability in whole units of the shown precision (0.6325 → 633 tenths of a percent): the one rounding. */
function percentUnits(probability: number, digits: number): number {
  return Math.round(probability * 100 * 10 ** digits);
}

function percentText(units: number, digits: number): string {
  return `${(units / 10 ** digits).toFixed(digits)}%`;
}

/** 0.632 → "63.2%". */
export function formatPercent(probability: number, digits = 1): string {
  return percentText(percentUnits(probability, digits), digits);
}

/**
 * The two sides of a matchup, p and 100 − p, from the same rounded figure so they add up to 100 %
 * (0.1515 → "15.2%" and "84.8%", never 84.9 %).
 */
export function formatPercentPair(probability: number, digits = 1): [string, string] {
  const units = percentUnits(probability, digits);
  return [percentText(units, digits), percentText(100 * 10 ** digits - units, digits)];
}

/** Fantasy points with one decimal. */
export function formatPoints(points: number): string {
  return points.toFixed(1);
}

/** +4.2 / −3.1 (a real minus sign). */
export function formatSigned(points: number): string {
  const rounded = Math.round(points * 10) / 10;
  if (rounded === 0) return '0.0';
  return rounded > 0 ? `+${rounded.toFixed(1)}` : `−${Math.abs(rounded).toFixed(1)}`;
}

/** A change in a probability, in percentage points: 0.023 → "+2.3%", −0.0149 → "−1.5%". */
export function formatProbabilityChange(delta: number): string {
  return `${formatSigned(delta * 100)}%`;
}
