import { LineupPool, type SeasonRoster, type StartingSlot } from '@fm/engine';

/**
 * The best line-ups in hindsight: every roster's players with their ACTUAL points in each remaining week as the
 * "expected" points of the engine's LineupPool, so a roster's best line-up in a week is the most points its
 * players could have started (a player who scored 0 or less does not start: an empty slot scores as much).
 */
export function actualLineupPool(
  rosters: readonly SeasonRoster[],
  slots: readonly StartingSlot[],
): LineupPool {
  return new LineupPool(rosters, slots);
}

/**
 * The actual points a move adds to roster `rosterId`'s best line-ups over the remaining weeks: their total after
 * it sends `leaving` (traded away or dropped) and receives `incoming` (from another roster of the pool: a
 * partner's or the free agents'), minus their total before. A pickup that only sits on the bench adds 0; a drop
 * of a player who would have started costs what he would have added.
 */
export function actualChange(
  pool: LineupPool,
  rosterId: number,
  leaving: readonly string[],
  incoming: readonly string[],
): number {
  const roster = pool.rosterIds.indexOf(rosterId);
  if (roster < 0) throw new Error(`no roster ${rosterId} in the pool`);
  const indexOf = (id: string) => {
    const index = pool.indexOf(id);
    if (index === undefined) throw new Error(`player ${id} is on no roster of the pool`);
    return index;
  };
  const total = (means: readonly number[]) => means.reduce((sum, mean) => sum + mean, 0);
  const before = total(pool.weeklyLineups(roster).means);
  const after = total(pool.weeklyLineups(roster, leaving.map(indexOf), incoming.map(indexOf)).means);
  return after - before;
}
