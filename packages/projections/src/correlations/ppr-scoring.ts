import { cell, type StatRow } from './weekly-rows.js';

// PPR as in nfl-data/README.md: 0.04/pass yd, 4/pass TD, −2/INT, 0.1/rush or rec yd, 6/TD, 1/reception, 2/2-pt, −2/fumble lost.
export function offensivePprPoints(row: StatRow): number {
  return (
    0.04 * cell(row, 'PassingYDS') +
    4 * cell(row, 'PassingTD') -
    2 * cell(row, 'PassingInt') +
    0.1 * (cell(row, 'RushingYDS') + cell(row, 'ReceivingYDS')) +
    6 * (cell(row, 'RushingTD') + cell(row, 'ReceivingTD') + cell(row, 'RetTD') + cell(row, 'FumTD')) +
    cell(row, 'ReceivingRec') +
    2 * cell(row, '2PT') -
    2 * cell(row, 'Fum')
  );
}

// Sleeper default kicking: PAT 1, FG 0–39 yd 3, 40–49 yd 4, 50+ yd 5, missed PAT or FG −1.
export function kickerPoints(row: StatRow): number {
  const shortFieldGoals = cell(row, 'FgMade_0-19') + cell(row, 'FgMade_20-29') + cell(row, 'FgMade_30-39');
  const misses =
    cell(row, 'PatMissed') + cell(row, 'FgMiss_0-19') + cell(row, 'FgMiss_20-29') + cell(row, 'FgMiss_30-39');
  return (
    cell(row, 'PatMade') +
    3 * shortFieldGoals +
    4 * cell(row, 'FgMade_40-49') +
    5 * cell(row, 'FgMade_50') -
    misses
  );
}
