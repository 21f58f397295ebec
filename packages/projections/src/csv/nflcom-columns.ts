import type { Position, StatKey } from '../stats/stat-line.js';

/** The positions NFL.com publishes weekly files for (no team defenses). */
export const NFLCOM_POSITIONS = ['QB', 'RB', 'WR', 'TE', 'K'] as const satisfies readonly Position[];
export type NflcomPosition = (typeof NFLCOM_POSITIONS)[number];

export function isNflcomPosition(value: string): value is NflcomPosition {
  return (NFLCOM_POSITIONS as readonly string[]).includes(value);
}

/**
 * NFL.com CSV headers (hvpkod/NFL-Data layout) → stat keys. Columns not listed
 * here (Rank, TotalPoints, ProjectionDiff, FanPtsAgainst-pts, TouchReceptions…)
 * are either the private league's scoring or duplicates, and are ignored.
 */
export const STAT_COLUMNS: Readonly<Record<string, StatKey>> = {
  PassingYDS: 'passYd',
  PassingTD: 'passTd',
  PassingInt: 'passInt',
  RushingYDS: 'rushYd',
  // The 2021 projected files label the rushing-yards column this way (and have no rushing TD column).
  RushingPassingYDS: 'rushYd',
  RushingTD: 'rushTd',
  ReceivingRec: 'rec',
  ReceivingYDS: 'recYd',
  ReceivingTD: 'recTd',
  RetTD: 'retTd',
  FumTD: 'fumTd',
  '2PT': 'twoPt',
  Fum: 'fumLost',
  TouchCarries: 'carries',
  Touches: 'touches',
  Targets: 'targets',
  ReceptionPercentage: 'receptionPct',
  RzTarget: 'rzTargets',
  RzTouch: 'rzTouches',
  RzG2G: 'rzG2g',
  PatMade: 'patMade',
  PatMissed: 'patMissed',
  'FgMade_0-19': 'fgMade0_19',
  'FgMade_20-29': 'fgMade20_29',
  'FgMade_30-39': 'fgMade30_39',
  'FgMade_40-49': 'fgMade40_49',
  FgMade_50: 'fgMade50',
  'FgMiss_0-19': 'fgMiss0_19',
  'FgMiss_20-29': 'fgMiss20_29',
  'FgMiss_30-39': 'fgMiss30_39',
};

export const IDENTITY_COLUMNS = {
  name: 'PlayerName',
  nflId: 'PlayerId',
  position: 'Pos',
  team: 'Team',
  opponent: 'PlayerOpponent',
} as const;

export const PROJECTED_POINTS_COLUMN = 'PlayerWeekProjectedPts';

export const BYE_OPPONENT = 'Bye';
export const AWAY_PREFIX = '@';
