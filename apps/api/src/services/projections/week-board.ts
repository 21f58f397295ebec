import { players, projections, type Database } from '@fm/db';
import { boomBustChances, fitPointsDistribution, normalizePosition } from '@fm/engine';
import { and, eq, sql } from 'drizzle-orm';
import { createDataCache } from '../data-changes/data-cache.js';
import { sourceRank } from './projection-sources.js';

/** One player's projection for one week, as the projections list answers it. */
export interface ProjectionEntry {
  player_id: string;
  player_name: string;
  position: string;
  team: string;
  opponent: string | null;
  week: number;
  season: number;
  pred_mean: number;
  pred_std: number;
  p10: number | null;
  p50: number | null;
  p90: number | null;
  boom_chance: number;
  bust_chance: number;
  source: string;
  model_version: string | null;
  /** Lower-case name, for search; not sent. */
  searchKey: string;
}

const cachedBoard = createDataCache<ProjectionEntry[]>();

/**
 * Every player's projection for a week, one per player (the preferred source), with boom and
 * bust chances. Held in memory per data version: an import invalidates it.
 */
export async function loadWeekBoard(
  database: Database,
  season: number,
  week: number,
): Promise<ProjectionEntry[]> {
  return cachedBoard(database, `${season}:${week}`, () => queryWeekBoard(database, season, week));
}

async function queryWeekBoard(database: Database, season: number, week: number): Promise<ProjectionEntry[]> {
  const rows = await database.db
    .select({
      playerId: projections.playerId,
      fullName: players.fullName,
      position: players.position,
      team: projections.team,
      opponent: projections.opponent,
      source: projections.source,
      modelVersion: projections.modelVersion,
      predMean: projections.predMean,
      predStd: projections.predStd,
      p10: projections.p10,
      p50: projections.p50,
      p90: projections.p90,
    })
    .from(projections)
    .innerJoin(players, eq(players.id, projections.playerId))
    .where(and(eq(projections.season, season), eq(projections.week, week)))
    .orderBy(sql`${projections.playerId}`);

  const best = new Map<number, (typeof rows)[number]>();
  // The opponent is a fact of the schedule, not of a source: any source that knows it tells it.
  const opponentOf = new Map<number, string>();
  for (const row of rows) {
    if (row.opponent) opponentOf.set(row.playerId, row.opponent);
    const current = best.get(row.playerId);
    if (!current || sourceRank(row.source) < sourceRank(current.source)) best.set(row.playerId, row);
  }
  return [...best.values()].map((row) => {
    const projection = {
      pred_mean: round(row.predMean, 2),
      pred_std: round(row.predStd, 2),
      p10: row.p10 === null ? null : round(row.p10, 2),
      p50: row.p50 === null ? null : round(row.p50, 2),
      p90: row.p90 === null ? null : round(row.p90, 2),
    };
    const chances = playerWeekChances(row.position, projection);
    return {
      player_id: String(row.playerId),
      player_name: row.fullName,
      position: row.position,
      team: row.team,
      opponent: row.opponent ?? opponentOf.get(row.playerId) ?? null,
      week,
      season,
      ...projection,
      boom_chance: chances?.boom ?? 0,
      bust_chance: chances?.bust ?? 0,
      source: row.source,
      model_version: row.modelVersion,
      searchKey: row.fullName.toLowerCase(),
    };
  });
}

/**
 * Boom and bust chances from the engine's distribution of the projection as answered (rounded), which is also
 * what a simulation of this player-week is given: both show the same chances. Null for a position the engine
 * has no thresholds for (none is stored today).
 */
function playerWeekChances(
  position: string,
  projection: Pick<ProjectionEntry, 'pred_mean' | 'pred_std' | 'p10' | 'p50' | 'p90'>,
) {
  const engineProjection = {
    predMean: projection.pred_mean,
    predStd: projection.pred_std,
    p10: projection.p10,
    p50: projection.p50,
    p90: projection.p90,
  };
  const modeled = normalizePosition(position);
  return boomBustChances(fitPointsDistribution(modeled, engineProjection), modeled);
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
