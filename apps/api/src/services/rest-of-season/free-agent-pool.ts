import { players, projections } from '@fm/db';
import type { ScoringRules } from '@fm/projections';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { createDataCache } from '../data-changes/data-cache.js';
import { type LeaguePlayerProjection, loadLeagueProjectionsByAppId } from '../leagues/projections.js';

/** A player with a projection this week, as the free-agent list starts from. */
export interface PoolPlayer {
  appId: number;
  /** Sleeper's player id: the id Sleeper leagues list their players by. */
  sleeperId: string;
  name: string;
  position: string;
  team: string;
  injuryStatus: string | null;
  projection: LeaguePlayerProjection;
}

/** Every league of one scoring asks for the same week's pool: it is read once per data version. */
const cachedPools = createDataCache<PoolPlayer[]>({ maxEntries: 64 });

/**
 * The players projected for `week` at `positions` (Sleeper spellings: QB … DEF), with their projections in the
 * league's scoring. Only players linked to a Sleeper id: a league adds players by its platform's id.
 */
export function loadProjectedPool(
  deps: AppDeps,
  request: { season: number; week: number; scoring: ScoringRules; positions: string[] },
): Promise<PoolPlayer[]> {
  const positions = [...new Set(request.positions)].sort();
  const key = `ros-pool:${request.season}:${request.week}:${positions.join(',')}:${JSON.stringify(request.scoring)}`;
  return cachedPools(deps, key, () => readPool(deps, { ...request, positions }));
}

async function readPool(
  deps: AppDeps,
  request: { season: number; week: number; scoring: ScoringRules; positions: string[] },
): Promise<PoolPlayer[]> {
  if (request.positions.length === 0) return [];
  const rows = await deps.database.db
    .selectDistinct({
      appId: players.id,
      sleeperId: players.sleeperId,
      name: players.fullName,
      position: players.position,
      team: players.team,
      injuryStatus: players.injuryStatus,
    })
    .from(projections)
    .innerJoin(players, eq(players.id, projections.playerId))
    .where(
      and(
        eq(projections.season, request.season),
        eq(projections.week, request.week),
        inArray(players.position, request.positions),
        isNotNull(players.sleeperId),
      ),
    );
  const projected = await loadLeagueProjectionsByAppId(deps, {
    season: request.season,
    week: request.week,
    scoring: request.scoring,
    appIds: rows.map((row) => row.appId),
  });
  return rows.flatMap((row) => {
    const projection = projected.get(row.appId);
    if (!projection || !row.sleeperId) return [];
    return [
      {
        appId: row.appId,
        sleeperId: row.sleeperId,
        name: row.name,
        position: row.position,
        team: projection.team || row.team,
        injuryStatus: row.injuryStatus,
        projection,
      },
    ];
  });
}
