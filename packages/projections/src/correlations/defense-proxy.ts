import { cell, type StatRow } from './weekly-rows.js';

/**
 * The nfl-data files have no team-defense lines, so a defense's week is scored from what the offense it faced
 * did: points allowed (touchdowns, two-point tries, kicks) and takeaways (interceptions thrown, fumbles lost).
 * Sacks and defensive or return touchdowns scored by the defense are not in the data and are left out.
 */
export interface OffenseBoxScore {
  pointsScored: number;
  takeaways: number;
}

export function offenseBoxScore(
  quarterbacks: StatRow[],
  skillPlayers: StatRow[],
  kickers: StatRow[],
): OffenseBoxScore {
  const everyone = [...quarterbacks, ...skillPlayers];
  const touchdowns =
    quarterbacks.reduce((total, row) => total + cell(row, 'PassingTD'), 0) +
    everyone.reduce(
      (total, row) => total + cell(row, 'RushingTD') + cell(row, 'RetTD') + cell(row, 'FumTD'),
      0,
    );
  const twoPointTries = everyone.reduce((total, row) => total + cell(row, '2PT'), 0);
  const kicking = kickers.reduce(
    (total, row) =>
      total +
      cell(row, 'PatMade') +
      3 *
        (cell(row, 'FgMade_0-19') +
          cell(row, 'FgMade_20-29') +
          cell(row, 'FgMade_30-39') +
          cell(row, 'FgMade_40-49') +
          cell(row, 'FgMade_50')),
    0,
  );
  return {
    // A passing two-point try is credited to passer and receiver, so one point per credit is two per try.
    pointsScored: 6 * touchdowns + twoPointTries + kicking,
    takeaways:
      quarterbacks.reduce((total, row) => total + cell(row, 'PassingInt'), 0) +
      everyone.reduce((total, row) => total + cell(row, 'Fum'), 0),
  };
}

// Sleeper default points-allowed brackets for a team defense.
const POINTS_ALLOWED_BRACKETS: readonly [maxAllowed: number, points: number][] = [
  [0, 10],
  [6, 7],
  [13, 4],
  [20, 1],
  [27, 0],
  [34, -1],
];
const POINTS_FOR_35_PLUS = -4;
const POINTS_PER_TAKEAWAY = 2;

/** Defense fantasy points (points-allowed bracket + 2 per takeaway) from the box score of the offense it faced. */
export function defenseProxyPoints(faced: OffenseBoxScore): number {
  const bracket = POINTS_ALLOWED_BRACKETS.find(([maxAllowed]) => faced.pointsScored <= maxAllowed + 0.5);
  return (bracket ? bracket[1] : POINTS_FOR_35_PLUS) + POINTS_PER_TAKEAWAY * faced.takeaways;
}
