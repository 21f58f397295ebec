import { isPosition, type Position, type StatLine, statLineFromSleeper } from '@fm/projections';
import { ESPN_POSITIONS, ESPN_PROJECTED_STATS, ESPN_WEEK_SPLIT } from './ids.js';
import { ESPN_STAT_KEYS } from './scoring.js';
import type { EspnPlayer } from './schemas.js';

/** One ESPN answer's players (a league's rosters or the public pool), with the week they are projected for. */
export interface EspnProjectionBatch {
  season: number;
  week: number;
  players: readonly EspnPlayer[];
  /** Sleeper id by ESPN player id (ours are joined through the Sleeper id). */
  sleeperIdByEspnId: ReadonlyMap<string, string>;
}

/**
 * ESPN's raw stats (stat id → amount) in Sleeper's stat keys, read through the one table of what each
 * ESPN stat id means (ESPN_STAT_KEYS). A count ESPN keeps for several distance bands that score alike
 * (field goals under 40 yards) goes to the last band. ESPN also reports some totals next to their parts
 * (94, defensive touchdowns, is 103 + 104): of the ids feeding one key the largest is kept, so a total
 * is never added to its own parts.
 */
export function espnStatsAsSleeper(stats: Readonly<Record<string, number>>, position: Position) {
  const sleeper: Record<string, number> = {};
  for (const [id, amount] of Object.entries(stats)) {
    const keys = ESPN_STAT_KEYS[Number(id)];
    const key = (position === 'DEF' ? keys?.defense : keys?.player)?.at(-1);
    if (key === undefined || !Number.isFinite(amount)) continue;
    sleeper[key] = Math.max(sleeper[key] ?? Number.NEGATIVE_INFINITY, amount);
  }
  return sleeper;
}

/** The player's position in our words, when ESPN's is one we project. */
export function espnPosition(player: Pick<EspnPlayer, 'defaultPositionId'>): Position | null {
  const position = ESPN_POSITIONS.get(player.defaultPositionId) ?? '';
  return isPosition(position) ? position : null;
}

/**
 * ESPN's projected stat line of `week` for the player (statSourceId 1, statSplitTypeId 1), or null when
 * the answer carries none for that week.
 */
export function espnProjectedLine(player: EspnPlayer, week: number): StatLine | null {
  const position = espnPosition(player);
  const entry = player.stats.find(
    (stat) =>
      stat.statSourceId === ESPN_PROJECTED_STATS &&
      stat.statSplitTypeId === ESPN_WEEK_SPLIT &&
      stat.scoringPeriodId === week,
  );
  if (!position || !entry?.stats) return null;
  return statLineFromSleeper(espnStatsAsSleeper(entry.stats, position), position).line;
}
