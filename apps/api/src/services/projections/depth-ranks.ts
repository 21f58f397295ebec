import type { DataDeps } from '../../core-deps.js';
import { rankWithinTeam } from '@fm/engine';
import { createDataCache } from '../data-changes/data-cache.js';
import { loadWeekBoard, type ProjectionEntry } from './week-board.js';

/** A week's board by player id, each entry with the player's depth rank. */
export interface RankedWeek {
  byPlayerId: Map<number, { entry: ProjectionEntry; depthRank: number | null }>;
}

const cachedWeeks = createDataCache<RankedWeek>();

/** A week's projections by player id, with depth ranks computed over the whole week (as the engine asks). */
export function loadRankedWeek(deps: DataDeps, season: number, week: number): Promise<RankedWeek> {
  return cachedWeeks(deps, `ranked-week:${season}:${week}`, async () => {
    const board = await loadWeekBoard(deps, season, week);
    const ranks = rankWithinTeam(
      board.map((row) => ({
        id: row.player_id,
        team: row.team,
        position: row.position,
        predMean: row.pred_mean,
      })),
    );
    const byPlayerId = new Map(
      board.map((entry) => [
        Number(entry.player_id),
        { entry, depthRank: ranks.get(entry.player_id) ?? null },
      ]),
    );
    return { byPlayerId };
  });
}

/** Each projected player's rank within his NFL team and position in the week (the depthRank a simulation uses). */
export async function loadWeekDepthRanks(
  deps: DataDeps,
  season: number,
  week: number,
): Promise<Map<number, number | null>> {
  const { byPlayerId } = await loadRankedWeek(deps, season, week);
  return new Map([...byPlayerId].map(([id, { depthRank }]) => [id, depthRank]));
}
