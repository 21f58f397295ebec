/**
 * A player's points so far this week, the one precedence the server and the browser share. Once the platform has
 * closed the week its own per-player numbers are the official ones and win. While the week is open our live stats
 * scored with the league's rules come first: they are synced every few seconds during games and score exactly as
 * the platform does (its recorded lines reproduce its points), while the platform's matchup answer is held up to a
 * minute, so its number would hold the page back; the platform's number fills in where we have no stat line (a
 * credited bye, a player our feed misses). Null when neither says anything yet. Browser-safe.
 */
export function pointsSoFar(
  platformPoints: number | null | undefined,
  scoredPoints: number | null | undefined,
  { isWeekComplete }: { isWeekComplete: boolean },
): number | null {
  const known = (points: number | null | undefined): points is number =>
    typeof points === 'number' && Number.isFinite(points);
  const [first, second] = isWeekComplete ? [platformPoints, scoredPoints] : [scoredPoints, platformPoints];
  if (known(first)) return first;
  if (known(second)) return second;
  return null;
}
