import type { LineupLabInput, LineupSwap, RosterPlayer } from '@fm/engine';

/**
 * A player the engine can only simulate from his position's average: no projection of his own, and his points not
 * settled by his game (over, ruled out or on a bye).
 */
export function isPlaceholder(player: RosterPlayer): boolean {
  if (player.predMean !== undefined && player.predMean !== null) return false;
  const state = player.game?.state;
  return state !== 'final' && state !== 'out' && state !== 'bye';
}

export interface AdviceOnProjections {
  /** The swaps that move only players with a projection (or settled points). */
  swaps: LineupSwap[];
  /** Names of the players without a projection that withheld swaps would move, once each. */
  withheldFor: string[];
}

/** Start/sit advice gives no swap that starts or benches a player simulated from a position average. */
export function adviceOnProjections(
  input: LineupLabInput,
  swaps: readonly LineupSwap[],
): AdviceOnProjections {
  const placeholders = new Map(
    input.roster.filter(isPlaceholder).map((player) => [player.id, player.name ?? player.id]),
  );
  const kept: LineupSwap[] = [];
  const withheldFor = new Set<string>();
  for (const swap of swaps) {
    const moved = [swap.playerIn, swap.playerOut].filter(
      (id): id is string => id !== null && placeholders.has(id),
    );
    if (moved.length === 0) kept.push(swap);
    for (const id of moved) withheldFor.add(placeholders.get(id)!);
  }
  return { swaps: kept, withheldFor: [...withheldFor] };
}
