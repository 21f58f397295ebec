/**
 * A player's points so far this week, the one precedence the server and the browser share: the platform's own
 * per-player number when the platform has one for him, else our live stats scored with the league's rules, else
 * nothing yet. The platform's number wins because a number the user acts on must equal the one the platform
 * will settle the matchup with; our scored stats only fill in where the platform has none yet. Browser-safe.
 */
export function pointsSoFar(
  platformPoints: number | null | undefined,
  scoredPoints: number | null | undefined,
): number | null {
  if (typeof platformPoints === 'number' && Number.isFinite(platformPoints)) return platformPoints;
  if (typeof scoredPoints === 'number' && Number.isFinite(scoredPoints)) return scoredPoints;
  return null;
}
