import { isProjectionSource, type ProjectionSource } from '@fm/contract';
import {
  isPosition,
  type PointsProjection,
  type ScoringRules,
  toLeagueScoring,
  roundPoints,
} from '@fm/projections';
import { statLineFromColumns } from '../nfl-stats/stat-columns.js';
import { sourceRank } from './projection-sources.js';

/** One stored projection of a player-week: PPR as stored, with the projected stat line it came from. */
export interface StoredProjection {
  playerId: number;
  source: string;
  position: string;
  opponent: string | null;
  predMean: number;
  predStd: number;
  p10: number | null;
  p50: number | null;
  p90: number | null;
  stats: Record<string, number> | null;
}

/** A player's preferred projection: the row it came from, the week's opponent and the points in the scoring asked. */
export interface PreferredProjection<Row extends StoredProjection> {
  row: Row & { source: ProjectionSource };
  opponent: string | null;
  points: PointsProjection & { isLeagueScored: boolean };
}

/**
 * Each player's preferred projection among his stored rows of one week: the row of the most trusted source the
 * contract knows, its opponent from any source that tells it (the opponent is a fact of the schedule, not of a
 * source), in `rules` (null: PPR as stored), rounded as points are shown, so every page and every simulation of
 * the player-week is given the same numbers. Availability (out, bye) is not applied here: the projections list
 * shows an unavailable player at 0, a league page carries his game state beside the projection.
 */
export function preferredProjections<Row extends StoredProjection>(
  rows: Iterable<Row>,
  rules: ScoringRules | null,
): Map<number, PreferredProjection<Row>> {
  const best = new Map<number, Row & { source: ProjectionSource }>();
  const opponentOf = new Map<number, string>();
  for (const row of rows) {
    if (row.opponent) opponentOf.set(row.playerId, row.opponent);
    if (!isProjectionSource(row.source)) continue;
    const current = best.get(row.playerId);
    if (!current || sourceRank(row.source) < sourceRank(current.source)) {
      best.set(row.playerId, { ...row, source: row.source });
    }
  }
  return new Map(
    [...best].map(([playerId, row]) => [
      playerId,
      {
        row,
        opponent: row.opponent ?? opponentOf.get(playerId) ?? null,
        points: roundProjection(inScoring(row, rules)),
      },
    ]),
  );
}

// Without rules, or without a stat line to re-score, the stored PPR projection stands.
function inScoring(
  row: StoredProjection,
  rules: ScoringRules | null,
): PointsProjection & { isLeagueScored: boolean } {
  const ppr = { mean: row.predMean, std: row.predStd, p10: row.p10, p50: row.p50, p90: row.p90 };
  if (!rules || !isPosition(row.position)) return { ...ppr, isLeagueScored: false };
  return toLeagueScoring(ppr, row.stats && statLineFromColumns(row.stats), rules, row.position);
}

function roundProjection<P extends PointsProjection>(projection: P): P {
  const orNull = (value: number | null) => (value === null ? null : roundPoints(value));
  return {
    ...projection,
    mean: roundPoints(projection.mean),
    std: roundPoints(projection.std),
    p10: orNull(projection.p10),
    p50: orNull(projection.p50),
    p90: orNull(projection.p90),
  };
}
