import { parseStartingSlots, POSITIONS, SLOT_POSITIONS } from '@fm/engine';

/** The positions some starting slot of the league takes (QB RB WR TE K DEF order): what free agents may play. */
export function startedPositions(rosterPositions: readonly string[]): string[] {
  const accepted = new Set(
    parseStartingSlots(rosterPositions).flatMap((slot) => SLOT_POSITIONS[slot.label] ?? []),
  );
  return POSITIONS.filter((position) => accepted.has(position));
}
