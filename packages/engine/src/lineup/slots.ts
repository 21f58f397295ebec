import { normalizePosition, POSITIONS, type Position } from '../distributions/positions.js';

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

/** Other platforms' slot names → Sleeper's (Yahoo: W/R/T, W/R, W/T, Q/W/R/T, D/ST, D, BN…). */
const SLOT_ALIASES: Readonly<Record<string, string>> = {
  'W/R/T': 'FLEX',
  'RB/WR/TE': 'FLEX',
  'W/R': 'WRRB_FLEX',
  'RB/WR': 'WRRB_FLEX',
  'W/T': 'REC_FLEX',
  'WR/TE': 'REC_FLEX',
  'Q/W/R/T': 'SUPER_FLEX',
  OP: 'SUPER_FLEX',
  'D/ST': 'DEF',
  DST: 'DEF',
  D: 'IDP_FLEX',
  DP: 'IDP_FLEX',
  BE: 'BN',
};

/**
 * Which player positions may start in each slot (Sleeper names). Individual defensive players (IDP) are
 * listed by every label the platforms use for them (DE and DT are linemen; CB, S, SS, FS are backs).
 */
const DEFENSIVE_LINE = ['DL', 'DE', 'DT'];
const LINEBACKERS = ['LB', 'ILB', 'OLB'];
const DEFENSIVE_BACKS = ['DB', 'CB', 'S', 'SS', 'FS'];
export const SLOT_POSITIONS: Readonly<Record<string, readonly string[]>> = {
  QB: ['QB'],
  RB: ['RB'],
  WR: ['WR'],
  TE: ['TE'],
  K: ['K'],
  DEF: ['DEF'],
  FLEX: ['RB', 'WR', 'TE'],
  SUPER_FLEX: ['QB', 'RB', 'WR', 'TE'],
  REC_FLEX: ['WR', 'TE'],
  WRRB_FLEX: ['WR', 'RB'],
  DL: DEFENSIVE_LINE,
  DE: ['DE'],
  DT: ['DT'],
  LB: LINEBACKERS,
  DB: DEFENSIVE_BACKS,
  CB: ['CB'],
  S: ['S', 'SS', 'FS'],
  IDP_FLEX: [...DEFENSIVE_LINE, ...LINEBACKERS, ...DEFENSIVE_BACKS],
};

/** Roster places that are not starting slots (bench, injured reserve, taxi squad, Yahoo's not-active). */
const NON_STARTING_SLOTS = new Set(['BN', 'IR', 'TAXI', 'IR+', 'NA']);

export interface StartingSlot {
  /** The slot's Sleeper label (`FLEX`; Yahoo's `W/R/T` becomes `FLEX`). */
  label: string;
  /** Index among the starting slots, which is the index into Sleeper's `starters` array. */
  starterIndex: number;
  /** Positions allowed, or null for a slot the engine does not optimize (IDP: DL, LB, DB, IDP_FLEX…). */
  eligible: readonly Position[] | null;
}

/** A platform's slot name as Sleeper spells it (`W/R/T` → `FLEX`, `d/st` → `DEF`). */
export function canonicalSlotLabel(label: string): string {
  const upper = label.trim().toUpperCase();
  return SLOT_ALIASES[upper] ?? upper;
}

/** A player's position as the slot table spells it (`DST`, `D/ST` → `DEF`, `PK` → `K`; IDP labels as given). */
export function canonicalPosition(position: string): string {
  return normalizePosition(position) ?? position.trim().toUpperCase();
}

/** Whether a player listed at `position` may start in the slot labelled `slotLabel`. */
export function slotAccepts(slotLabel: string, position: string): boolean {
  return SLOT_POSITIONS[canonicalSlotLabel(slotLabel)]?.includes(canonicalPosition(position)) ?? false;
}

function engineEligibility(label: string): readonly Position[] | null {
  const positions = (SLOT_POSITIONS[label] ?? [])
    .map(normalizePosition)
    .filter((position): position is Position => position !== null);
  return positions.length > 0 ? positions : null;
}

/** The starting slots of a `roster_positions` list, in order (bench, IR and taxi dropped). */
export function parseStartingSlots(
  rosterPositions: readonly string[] = DEFAULT_ROSTER_POSITIONS,
): StartingSlot[] {
  return rosterPositions
    .map(canonicalSlotLabel)
    .filter((label) => !NON_STARTING_SLOTS.has(label))
    .map((label, starterIndex) => ({ label, starterIndex, eligible: engineEligibility(label) }));
}

/**
 * Places on the active roster: the starting slots and the bench (injured reserve, taxi and not-active places hold
 * only players put there). A roster with as many playable players must drop one to add one.
 */
export function activeRosterPlaces(rosterPositions: readonly string[]): number {
  return rosterPositions
    .map(canonicalSlotLabel)
    .filter((label) => label === 'BN' || !NON_STARTING_SLOTS.has(label)).length;
}

/** The positions some starting slot takes (QB RB WR TE K DEF, in that order): the ones a free agent may play. */
export function startedPositions(slots: readonly StartingSlot[]): Position[] {
  return POSITIONS.filter((position) => slots.some((slot) => slotAccepts(slot.label, position)));
}

/** Positions a player can play: his listed eligibility (Sleeper `fantasy_positions`) or his position. */
export function playablePositions(
  position: string,
  eligiblePositions?: readonly string[] | null,
): Position[] {
  const labels = eligiblePositions && eligiblePositions.length > 0 ? eligiblePositions : [position];
  return [...new Set(labels.map(normalizePosition).filter((label): label is Position => label !== null))];
}

export function canFill(slot: StartingSlot, positions: readonly Position[]): boolean {
  return slot.eligible !== null && positions.some((position) => slot.eligible!.includes(position));
}
