import type { LeaguePlayerProjection } from '@fm/contract';
import { players, projections } from '@fm/db';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { ScoringRules } from '@fm/projections';
import { preferredProjections } from '../projections/preferred-projection.js';

/** Postgres caps bind parameters; league rosters are far below this, but a batch keeps it safe. */
const IDS_PER_QUERY = 500;

/** One rostered player's projection for the week, in the league's scoring. */
export type { LeaguePlayerProjection };

interface ProjectionsRequest {
  season: number;
  week: number;
  scoring: ScoringRules;
}

/**
 * Projections of `season`/`week` for these Sleeper ids (players joined through players.sleeper_id),
 * one per player from the preferred source, re-scored with the league's `scoring_settings`.
 */
export async function loadLeagueProjections(
  deps: AppDeps,
  request: ProjectionsRequest & { sleeperIds: string[] },
): Promise<Map<string, LeaguePlayerProjection>> {
  const byAppId = await readBestProjections(deps, request, (ids) => inArray(players.sleeperId, ids), [
    ...new Set(request.sleeperIds),
  ]);
  const bySleeperId = new Map<string, LeaguePlayerProjection>();
  for (const { sleeperId, projection } of byAppId.values()) {
    if (sleeperId) bySleeperId.set(sleeperId, projection);
  }
  return bySleeperId;
}

/** The same projections for our player ids (players.id). */
export async function loadLeagueProjectionsByAppId(
  deps: AppDeps,
  request: ProjectionsRequest & { appIds: number[] },
): Promise<Map<number, LeaguePlayerProjection>> {
  const byAppId = await readBestProjections(deps, request, (ids) => inArray(players.id, ids), [
    ...new Set(request.appIds),
  ]);
  return new Map([...byAppId].map(([appId, { projection }]) => [appId, projection]));
}

/** Each player's preferred projection (keyed by players.id), in the league's scoring. */
async function readBestProjections<Id>(
  deps: AppDeps,
  request: ProjectionsRequest,
  playersIn: (ids: Id[]) => SQL,
  ids: Id[],
): Promise<Map<number, { sleeperId: string | null; projection: LeaguePlayerProjection }>> {
  const best = new Map<number, { sleeperId: string | null; projection: LeaguePlayerProjection }>();
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const rows = await deps.database.db
      .select({
        playerId: players.id,
        sleeperId: players.sleeperId,
        position: players.position,
        source: projections.source,
        team: projections.team,
        opponent: projections.opponent,
        predMean: projections.predMean,
        predStd: projections.predStd,
        p10: projections.p10,
        p50: projections.p50,
        p90: projections.p90,
        stats: projections.stats,
      })
      .from(projections)
      .innerJoin(players, eq(players.id, projections.playerId))
      .where(
        and(
          playersIn(ids.slice(start, start + IDS_PER_QUERY)),
          eq(projections.season, request.season),
          eq(projections.week, request.week),
        ),
      );
    for (const [playerId, { row, opponent, points }] of preferredProjections(rows, request.scoring)) {
      best.set(playerId, {
        sleeperId: row.sleeperId,
        projection: {
          mean: points.mean,
          std: points.std,
          p10: points.p10,
          p50: points.p50,
          p90: points.p90,
          team: row.team,
          opponent,
          source: row.source,
          is_league_scored: points.isLeagueScored,
          depth_rank: null,
        },
      });
    }
  }
  return best;
}
