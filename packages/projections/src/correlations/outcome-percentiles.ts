import type { PlayerWeek } from './player-weeks.js';

/** Projection strata per position: a player's result is ranked among players projected alike. */
export const PROJECTION_STRATA = 5;

/**
 * Each player-week's probability-integral transform: the mid-rank percentile (rank + ½)/n of his residual
 * (actual − projected) among player-weeks of the same position and projection quintile, an empirical
 * F(actual | projection) that needs no model of the marginal distribution (ties share their mid-rank).
 */
export function outcomePercentiles(players: readonly PlayerWeek[]): Map<PlayerWeek, number> {
  const percentiles = new Map<PlayerWeek, number>();
  const byPosition = new Map<string, PlayerWeek[]>();
  for (const player of players) {
    const group = byPosition.get(player.position);
    if (group) group.push(player);
    else byPosition.set(player.position, [player]);
  }
  for (const group of byPosition.values()) {
    const byProjection = [...group].sort((a, b) => a.projected - b.projected);
    for (let stratum = 0; stratum < PROJECTION_STRATA; stratum++) {
      const from = Math.floor((stratum * byProjection.length) / PROJECTION_STRATA);
      const to = Math.floor(((stratum + 1) * byProjection.length) / PROJECTION_STRATA);
      assignMidRanks(byProjection.slice(from, to), percentiles);
    }
  }
  return percentiles;
}

function assignMidRanks(stratum: PlayerWeek[], into: Map<PlayerWeek, number>): void {
  const residual = (player: PlayerWeek): number => player.actual - player.projected;
  const ordered = [...stratum].sort((a, b) => residual(a) - residual(b));
  for (let start = 0; start < ordered.length;) {
    let end = start;
    while (end + 1 < ordered.length && residual(ordered[end + 1]!) === residual(ordered[start]!)) end++;
    const midRank = (start + end) / 2;
    for (let k = start; k <= end; k++) into.set(ordered[k]!, (midRank + 0.5) / ordered.length);
    start = end + 1;
  }
}
