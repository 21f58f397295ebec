import { normalisePosition, type Position } from '../distributions/positions.js';

/** Sleeper's default starting slots (the product's default QB1 RB2 WR2 TE1 FLEX1 DST1 K1). */
export const DEFAULT_ROSTER_POSITIONS: readonly string[] = [
  'QB',
  'RB',
  'RB',
  'WR',
  'WR',
  'TE',
  'FLEX',
  'DEF',
  'K',
];

/** Which positions may fill each starting slot of a Sleeper `roster_positions` list. */
const SLOT_ELIGIBILITY: Readonly<Record<string, readonly Position[]>> = {
  QB: ['QB'],
  RB: ['RB'],
  WR: ['WR'],
  TE: ['TE'],
  K: ['K'],
  DEF: ['DEF'],
  DST: ['DEF'],
  FLEX: ['RB', 'WR', 'TE'],
  SUPER_FLEX: ['QB', 'RB', 'WR', 'TE'],
  REC_FLEX: ['WR', 'TE'],
  WRRB_FLEX: ['WR', 'RB'],
};

/** Roster places that are not starting slots. */
const NON_STARTING_SLOTS = new Set(['BN', 'IR', 'TAXI']);

export interface StartingSlot {
  /** The slot's label as given (`FLEX`). */
  label: string;
  /** Index among the starting slots, which is the index into Sleeper's `starters` array. */
  starterIndex: number;
  /** Positions allowed, or null for a slot the engine does not optimise (IDP: DL, LB, DB, IDP_FLEX…). */
  eligible: readonly Position[] | null;
}

/** The starting slots of a `roster_positions` list, in order (bench, IR and taxi dropped). */
export function parseStartingSlots(
  rosterPositions: readonly string[] = DEFAULT_ROSTER_POSITIONS,
): StartingSlot[] {
  return rosterPositions
    .map((label) => label.trim().toUpperCase())
    .filter((label) => !NON_STARTING_SLOTS.has(label))
    .map((label, starterIndex) => ({ label, starterIndex, eligible: SLOT_ELIGIBILITY[label] ?? null }));
}

/** Positions a player can play: his listed eligibility (Sleeper `fantasy_positions`) or his position. */
export function playablePositions(
  position: string,
  eligiblePositions?: readonly string[] | null,
): Position[] {
  const labels = eligiblePositions && eligiblePositions.length > 0 ? eligiblePositions : [position];
  return [...new Set(labels.map(normalisePosition).filter((label): label is Position => label !== null))];
}

export function canFill(slot: StartingSlot, positions: readonly Position[]): boolean {
  return slot.eligible !== null && positions.some((position) => slot.eligible!.includes(position));
}
