import { players, projections } from '@fm/db';
import type { ScoringRules } from '@fm/projections';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { createDataCache } from '../data-changes/data-cache.js';
import { type LeaguePlayerProjection, loadLeagueProjectionsByAppId } from '../leagues/projections.js';

/** A player the free-agent list starts from: projected for the week, or on an NFL team without a projection. */
export interface PoolPlayer {
  appId: number;
  /** Sleeper's player id: the id Sleeper leagues list their players by. */
  sleeperId: string;
  name: string;
  position: string;
  team: string;
  injuryStatus: string | null;
  /** This week's projection in the league's scoring; null when no source projects him (he is listed, not priced). */
  projection: LeaguePlayerProjection | null;
}

/** Every league of one scoring asks for the same week's pool: it is read once per data version. */
const cachedPools = createDataCache<PoolPlayer[]>({ maxEntries: 64 });

/** What the players table says of a team-less player (`FA`): no NFL team, so no game to project. */
const NO_TEAM = 'FA';

/**
 * The players at `positions` (Sleeper spellings: QB … DEF) projected for `week`, with their projections in the
 * league's scoring, and the players on an NFL team at those positions with no projection (NFL.com publishes no
 * team defenses: an install without another source has none projected). Only players linked to a Sleeper id: a
 * league adds players by its platform's id.
 */
export function loadProjectedPool(
  deps: AppDeps,
  request: { season: number; week: number; scoring: ScoringRules; positions: string[] },
): Promise<PoolPlayer[]> {
  const positions = [...new Set(request.positions)].sort();
  const key = `ros-pool:${request.season}:${request.week}:${positions.join(',')}:${JSON.stringify(request.scoring)}`;
  return cachedPools(deps, key, () => readPool(deps, { ...request, positions }));
}

const playerColumns = {
  appId: players.id,
  sleeperId: players.sleeperId,
  name: players.fullName,
  position: players.position,
  team: players.team,
  injuryStatus: players.injuryStatus,
};

async function readPool(
  deps: AppDeps,
  request: { season: number; week: number; scoring: ScoringRules; positions: string[] },
): Promise<PoolPlayer[]> {
  if (request.positions.length === 0) return [];
  const { db } = deps.database;
  const atPositions = and(inArray(players.position, request.positions), isNotNull(players.sleeperId));
  const [projectedRows, onTeams] = await Promise.all([
    db
      .selectDistinct(playerColumns)
      .from(projections)
      .innerJoin(players, eq(players.id, projections.playerId))
      .where(and(eq(projections.season, request.season), eq(projections.week, request.week), atPositions)),
    db
      .select(playerColumns)
      .from(players)
      .where(and(atPositions, eq(players.isActive, true), ne(players.team, NO_TEAM), ne(players.team, ''))),
  ]);
  const projected = await loadLeagueProjectionsByAppId(deps, {
    season: request.season,
    week: request.week,
    scoring: request.scoring,
    appIds: projectedRows.map((row) => row.appId),
  });
  const byAppId = new Map([...onTeams, ...projectedRows].map((row) => [row.appId, row]));
  return [...byAppId.values()].flatMap((row) => {
    if (!row.sleeperId) return [];
    const projection = projected.get(row.appId) ?? null;
    return [
      {
        appId: row.appId,
        sleeperId: row.sleeperId,
        name: row.name,
        position: row.position,
        team: projection?.team || row.team,
        injuryStatus: row.injuryStatus,
        projection,
      },
    ];
  });
}
