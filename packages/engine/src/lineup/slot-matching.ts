/**
 * Assignment of players to slots as a bipartite matching (Kuhn 1955, "The Hungarian method for the assignment
 * problem", augmenting paths). `canFill[player][slot]`; `preferred[player]` is a slot to try first (keeps players
 * where they already are). Returns slot of each player (−1 if unassigned) when every player gets one, else null.
 */
export function assignToSlots(
  players: readonly number[],
  canFill: readonly (readonly boolean[])[],
  slotCount: number,
  preferred?: readonly number[],
): Int32Array | null {
  const { slotOf, unplaced } = matchToSlots(players, canFill, slotCount, preferred);
  return unplaced.length === 0 ? slotOf : null;
}

/**
 * The largest assignment of `players` to slots (same matching as assignToSlots): the slot of each player (−1 if
 * none) and the players, in the order given, that could not be placed.
 */
export function matchToSlots(
  players: readonly number[],
  canFill: readonly (readonly boolean[])[],
  slotCount: number,
  preferred?: readonly number[],
): { slotOf: Int32Array; unplaced: number[] } {
  const playerInSlot = new Int32Array(slotCount).fill(-1);
  const slotOfPlayer = new Map<number, number>();

  const tryPlace = (player: number, visited: Uint8Array): boolean => {
    const eligible = canFill[player]!;
    const first = preferred?.[player] ?? -1;
    const order =
      first >= 0 ? [first, ...range(slotCount).filter((slot) => slot !== first)] : range(slotCount);
    for (const slot of order) {
      if (!eligible[slot] || visited[slot]) continue;
      visited[slot] = 1;
      const holder = playerInSlot[slot]!;
      if (holder < 0 || tryPlace(holder, visited)) {
        playerInSlot[slot] = player;
        slotOfPlayer.set(player, slot);
        return true;
      }
    }
    return false;
  };

  const unplaced: number[] = [];
  for (const player of players) {
    if (!tryPlace(player, new Uint8Array(slotCount))) unplaced.push(player);
  }
  const slotOf = new Int32Array(canFill.length).fill(-1);
  for (const [player, slot] of slotOfPlayer) slotOf[player] = slot;
  return { slotOf, unplaced };
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}
