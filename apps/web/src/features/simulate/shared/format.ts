/** 0.632 → "63.2%". */
export function formatPercent(probability: number, digits = 1): string {
  return `${(probability * 100).toFixed(digits)}%`;
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
