/** Fantasy points are kept, stored and shown to the hundredth, as the platforms give them. */
const POINTS_PER_UNIT = 100;

/** Fantasy points to the hundredth: every projection, score and total the product stores or answers. */
export function roundPoints(points: number): number {
  return Math.round(points * POINTS_PER_UNIT) / POINTS_PER_UNIT;
}
