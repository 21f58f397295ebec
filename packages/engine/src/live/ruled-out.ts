/**
 * Injury and roster statuses that mean a player will not play this week, as Sleeper, Yahoo and ESPN spell them
 * (upper case): out, injured reserve, suspended, physically unable to perform, non-football injury, COVID list,
 * not active, did not report.
 */
export const RULED_OUT_STATUSES: ReadonlySet<string> = new Set([
  'OUT',
  'O',
  'IR',
  'IR-R',
  'INJURED_RESERVE',
  'SUS',
  'SUSP',
  'SUSPENSION',
  'PUP',
  'PUP-R',
  'PUP-P',
  'NFI-R',
  'NFI-A',
  'COV',
  'NA',
  'DNR',
  'INACTIVE',
]);

/** Whether an injury status rules the player out of his game (case-insensitive; null/empty → no). */
export function isRuledOutStatus(status: string | null | undefined): boolean {
  return Boolean(status && RULED_OUT_STATUSES.has(status.trim().toUpperCase()));
}
