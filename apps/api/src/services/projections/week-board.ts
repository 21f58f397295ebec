import type { ProjectionRow } from '@fm/contract';
import { players, projections, type Database } from '@fm/db';
import { boomBustChances, fitPointsDistribution, normalizePosition } from '@fm/engine';
import { and, eq, sql } from 'drizzle-orm';
import type { DataDeps } from '../../core-deps.js';
import { createDataCache } from '../data-changes/data-cache.js';
import { weekAvailability } from './player-availability.js';
import { formatScoring, type ScoringChoice } from './list-scoring.js';
import { preferredProjections } from './preferred-projection.js';

export type ProjectionEntry = ProjectionRow;

const cachedBoard = createDataCache<ProjectionEntry[]>();

/**
 * Every player's projection for a week, one per player (the preferred source), in `scoring` (PPR by
 * default; a format or a league's own rules), with percentiles, boom and bust chances in that scoring and his
 * availability: a player who is out or on bye projects 0. Held in memory per data version: an import or sync
 * invalidates it.
 */
export async function loadWeekBoard(
  deps: DataDeps,
  season: number,
  week: number,
  scoring: ScoringChoice = formatScoring('ppr'),
): Promise<ProjectionEntry[]> {
  return cachedBoard(deps, `${season}:${week}:${scoring.key}`, () =>
    queryWeekBoard(deps, season, week, scoring),
  );
}

async function queryWeekBoard(
  deps: DataDeps,
  season: number,
  week: number,
  scoring: ScoringChoice,
): Promise<ProjectionEntry[]> {
  const [rows, availability] = await Promise.all([
    queryProjectionRows(deps.database, season, week),
    weekAvailability(deps, season, week),
  ]);
  const preferred = preferredProjections(rows, scoring.kind === 'ppr' ? null : scoring.rules);
  return [...preferred.values()].map(({ row, opponent, points }) => {
    const status = availability.of({ injuryStatus: row.injuryStatus, team: row.team, opponent });
    const projection = status.isOut
      ? { pred_mean: 0, pred_std: 0, p10: 0, p50: 0, p90: 0 }
      : { pred_mean: points.mean, pred_std: points.std, p10: points.p10, p50: points.p50, p90: points.p90 };
    const chances = status.isOut ? { boom: 0, bust: 1 } : playerWeekChances(row.position, projection);
    return {
      player_id: String(row.playerId),
      player_name: row.fullName,
      position: row.position,
      team: row.team,
      opponent,
      week,
      season,
      ...projection,
      boom_chance: chances?.boom ?? 0,
      bust_chance: chances?.bust ?? 0,
      status: status.tag,
      status_reason: status.reason,
      is_out: status.isOut,
      scoring: points.isLeagueScored ? scoring.kind : 'ppr',
      source: row.source,
      model_version: row.modelVersion,
    };
  });
}

function queryProjectionRows(database: Database, season: number, week: number) {
  return database.db
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
      stats: projections.stats,
      injuryStatus: players.injuryStatus,
    })
    .from(projections)
    .innerJoin(players, eq(players.id, projections.playerId))
    .where(and(eq(projections.season, season), eq(projections.week, week)))
    .orderBy(sql`${projections.playerId}`);
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
