import { matchToSlots } from './slot-matching.js';
import { canonicalPosition, parseStartingSlots, SLOT_POSITIONS, slotAccepts } from './slots.js';

/** A starter as the line-up rules see him. */
export interface LineupStarter {
  id: string;
  name?: string | null;
  position: string;
  /** Positions he may fill when the platform lists several (Sleeper `fantasy_positions`); default his position. */
  eligiblePositions?: readonly string[] | null;
}

export type LineupProblem =
  | { kind: 'too-many-starters'; starters: number; slots: number; message: string }
  | { kind: 'repeated-player'; playerId: string; message: string }
  | { kind: 'no-eligible-slot'; playerId: string; position: string; message: string }
  | { kind: 'empty-slots'; slots: string[]; message: string };

export interface LineupCheck {
  isLegal: boolean;
  /** Each starting slot with the starter placed in it (null when empty), in `rosterPositions` order. */
  slots: { label: string; playerId: string | null }[];
  /** Starters no slot could take (too many, or a position the open slots do not accept). */
  unplaced: string[];
  problems: LineupProblem[];
}

/** Each player's first choice: the narrowest slot he can fill that no earlier player chose (a WR in WR, not FLEX). */
function narrowestSlots(canFill: boolean[][], breadth: number[]): number[] {
  const taken = new Set<number>();
  return canFill.map((fills) => {
    let best = -1;
    fills.forEach((can, slot) => {
      if (can && !taken.has(slot) && (best < 0 || breadth[slot]! < breadth[best]!)) best = slot;
    });
    if (best >= 0) taken.add(best);
    return best;
  });
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * Whether `starters` is a line-up the league allows, with the league's slots (Sleeper `roster_positions`, Yahoo
 * names accepted) filled by a maximum matching: every slot takes at most one starter, every starter needs a slot
 * that accepts his position, nobody starts twice, and no slot stays empty. Problems come with a sentence for people.
 */
export function checkLineup(
  starters: readonly LineupStarter[],
  rosterPositions: readonly string[],
): LineupCheck {
  const slots = parseStartingSlots(rosterPositions);
  const problems: LineupProblem[] = [];
  const seen = new Set<string>();
  const distinct: LineupStarter[] = [];
  for (const starter of starters) {
    if (seen.has(starter.id)) {
      problems.push({
        kind: 'repeated-player',
        playerId: starter.id,
        message: `${starter.name ?? starter.id} is in the line-up twice.`,
      });
    } else {
      seen.add(starter.id);
      distinct.push(starter);
    }
  }

  const canFill = distinct.map((starter) => {
    const positions = starter.eligiblePositions?.length ? starter.eligiblePositions : [starter.position];
    return slots.map((slot) => positions.some((position) => slotAccepts(slot.label, position)));
  });
  const { slotOf, unplaced } = matchToSlots(
    distinct.map((_, index) => index),
    canFill,
    slots.length,
    narrowestSlots(
      canFill,
      slots.map((slot) => SLOT_POSITIONS[slot.label]?.length ?? 0),
    ),
  );
  const filled = slots.map((slot) => ({ label: slot.label, playerId: null as string | null }));
  distinct.forEach((starter, index) => {
    if (slotOf[index]! >= 0) filled[slotOf[index]!]!.playerId = starter.id;
  });

  if (distinct.length > slots.length) {
    const extra = distinct.length - slots.length;
    problems.push({
      kind: 'too-many-starters',
      starters: distinct.length,
      slots: slots.length,
      message: `${plural(distinct.length, 'starter')} for ${plural(slots.length, 'starting slot')}: bench ${plural(extra, 'player')}.`,
    });
  } else {
    for (const index of unplaced) {
      const starter = distinct[index]!;
      const position = canonicalPosition(starter.position);
      const open = slots.filter((slot) => slotAccepts(slot.label, position)).map((slot) => slot.label);
      problems.push({
        kind: 'no-eligible-slot',
        playerId: starter.id,
        position,
        message:
          open.length === 0
            ? `${starter.name ?? starter.id} (${position}) cannot start: no slot in this league takes a ${position}.`
            : `${starter.name ?? starter.id} (${position}) cannot start: the ${open.join(', ')} ${open.length === 1 ? 'slot is' : 'slots are'} already taken.`,
      });
    }
  }
  const empty = filled.filter((slot) => slot.playerId === null).map((slot) => slot.label);
  if (empty.length > 0 && distinct.length <= slots.length) {
    problems.push({
      kind: 'empty-slots',
      slots: empty,
      message: `${empty.length === 1 ? 'Slot' : 'Slots'} ${empty.join(', ')} ${empty.length === 1 ? 'is' : 'are'} empty: start someone there.`,
    });
  }
  return {
    isLegal: problems.length === 0,
    slots: filled,
    unplaced: unplaced.map((index) => distinct[index]!.id),
    problems,
  };
}
