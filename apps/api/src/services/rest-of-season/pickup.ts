import {
  canonicalPosition,
  LineupPool,
  slotAccepts,
  type StartingSlot,
  type WeeklyLineups,
} from '@fm/engine';
import { type RosPlayer, seasonPlayerOf } from './ros-players.js';

/** A pickup for a roster: whom it drops (null: the roster has an open place) and its best line-ups after it. */
export interface Pickup {
  dropId: string | null;
  lineups: WeeklyLineups;
  /** Rest-of-season points of the best line-ups after the pickup minus before. */
  pointsGain: number;
}

/** Two pickups' gains closer than this are the same gain (float noise). */
const GAIN_EPSILON = 1e-9;
/** The team's roster and the free agents' in the line-up pool pickups are priced on. */
const TEAM = 0;
const FREE_AGENTS = 1;

/** A player's own expected points over the remaining weeks, started or not. */
export function ownPoints(player: RosPlayer): number {
  return player.weeks.reduce((sum, week) => sum + week.mean, 0);
}

/** Expected points of a team's best line-ups over all the weeks. */
export function totalPoints(lineups: WeeklyLineups): number {
  return lineups.means.reduce((sum, mean) => sum + mean, 0);
}

/**
 * Each free agent's best pickup for `team` (null where no drop is allowed), in the order given: the drop that leaves
 * the best line-ups scoring most over the remaining weeks, among the drops that leave every slot the team can fill
 * now still fillable (a team never drops its only kicker for a fourth running back); between equal drops, the
 * player with the fewest points of his own. A drop changes only the weeks he would start in with the newcomer on
 * the roster, so only those are built again. A roster with an open place drops nobody.
 */
export function bestPickups(
  team: readonly RosPlayer[],
  freeAgents: readonly RosPlayer[],
  slots: readonly StartingSlot[],
  pointsBefore: number,
  options: { hasOpenPlace?: boolean } = {},
): (Pickup | null)[] {
  const pool = new LineupPool(
    [
      { rosterId: TEAM, players: team.map(seasonPlayerOf) },
      { rosterId: FREE_AGENTS, players: freeAgents.map(seasonPlayerOf) },
    ],
    slots,
  );
  pool.exclude([]);
  const fillable = pool.fillableSlots(TEAM);
  // A drop that leaves every slot fillable without the newcomer does with him: checked once, not per free agent.
  const keepsSlotsFilled = Array.from(pool.members[TEAM]!, (drop) => {
    pool.exclude([drop]);
    return pool.fillableSlots(TEAM) === fillable;
  });
  pool.exclude([]);
  return Array.from(pool.members[FREE_AGENTS]!, (newcomer) => {
    if (options.hasOpenPlace) {
      const lineups = pool.weeklyLineups(TEAM, [], [newcomer]);
      return { dropId: null, lineups, pointsGain: totalPoints(lineups) - pointsBefore };
    }
    return bestPickupOf(pool, team, newcomer, { fillable, keepsSlotsFilled }, pointsBefore);
  });
}

function bestPickupOf(
  pool: LineupPool,
  team: readonly RosPlayer[],
  newcomer: number,
  slotsFilled: { fillable: number; keepsSlotsFilled: readonly boolean[] },
  pointsBefore: number,
): Pickup | null {
  const withAll = pool.weeklyLineups(TEAM, [], [newcomer]);
  const weekCount = withAll.means.length;
  let best: { drop: number; pointsGain: number; dropOwnPoints: number } | null = null;
  for (const drop of pool.members[TEAM]!) {
    pool.exclude([drop]);
    if (!slotsFilled.keepsSlotsFilled[drop] && pool.fillableSlots(TEAM, [newcomer]) < slotsFilled.fillable) {
      continue;
    }
    const dropId = pool.ids[drop]!;
    let points = 0;
    for (let w = 0; w < weekCount; w++) {
      points += withAll.starters[w]!.includes(dropId)
        ? pool.bestLineupPoints(TEAM, w, [newcomer])
        : withAll.means[w]!;
    }
    const pointsGain = points - pointsBefore;
    const dropOwnPoints = ownPoints(team[drop]!);
    const isBetter =
      !best ||
      pointsGain > best.pointsGain + GAIN_EPSILON ||
      (Math.abs(pointsGain - best.pointsGain) <= GAIN_EPSILON && dropOwnPoints < best.dropOwnPoints);
    if (isBetter) best = { drop, pointsGain, dropOwnPoints };
  }
  const chosen = best as { drop: number; pointsGain: number } | null;
  if (!chosen) {
    pool.exclude([]);
    return null;
  }
  const dropId = pool.ids[chosen.drop]!;
  pool.exclude([chosen.drop]);
  const lineups: WeeklyLineups = { means: [], stds: [], starters: [] };
  for (let w = 0; w < weekCount; w++) {
    const lineup = withAll.starters[w]!.includes(dropId)
      ? pool.weekLineup(TEAM, w, [newcomer])
      : { mean: withAll.means[w]!, std: withAll.stds[w]!, starters: withAll.starters[w]! };
    lineups.means.push(lineup.mean);
    lineups.stds.push(lineup.std);
    lineups.starters.push(lineup.starters);
  }
  pool.exclude([]);
  return { dropId, lineups, pointsGain: chosen.pointsGain };
}

/** Whether two line-ups start the same players (then every simulation of them agrees). */
export function isSameStarters(a: readonly string[], b: readonly string[]): boolean {
  const other = new Set(b);
  return a.length === other.size && a.every((id) => other.has(id));
}

/** Whether two sets of line-ups start the same players every week. */
export function isSameLineups(a: WeeklyLineups, b: WeeklyLineups): boolean {
  return a.starters.every((starters, w) => isSameStarters(starters, b.starters[w] ?? []));
}

/**
 * The starter `newcomer` takes the place of in a week's best line-up (`before` → `after`), or null when he does not
 * start there or fills a slot nobody held. Adding one player changes a best line-up by one swap; when the drop was
 * a starter too, two players leave it, and he takes the place of the one at a slot he can fill.
 */
export function startsOver(
  before: readonly string[],
  after: readonly string[],
  newcomer: { id: string; position: string },
  positionOf: (playerId: string) => string | undefined,
  slots: readonly StartingSlot[],
): string | null {
  if (!after.includes(newcomer.id)) return null;
  const staying = new Set(after);
  const leaving = before.filter((id) => !staying.has(id));
  const position = canonicalPosition(newcomer.position);
  const sharesSlot = (id: string) => {
    const other = positionOf(id);
    return (
      other !== undefined &&
      slots.some((slot) => slotAccepts(slot.label, other) && slotAccepts(slot.label, position))
    );
  };
  return (
    leaving.find((id) => canonicalPosition(positionOf(id) ?? '') === position) ??
    leaving.find(sharesSlot) ??
    leaving[0] ??
    null
  );
}
