import {
  constantDistribution,
  type PointsDistribution,
} from '../distributions/points-distribution-family.js';
import type { PlayerGame } from './game-state.js';

/**
 * A player's weekly points given where his game stands, from his full (pregame) distribution:
 * - `final`: his points, no spread; `bye`: 0, no spread; `out`: the points he scored before he was ruled out (0
 *   before kickoff), no spread: a player hurt during his game keeps them and will not add to them;
 * - `pre`: the full distribution unchanged;
 * - `in` with f of his game left: points so far + R_f, the remaining share of the distribution.
 *
 * Scoring is treated as a process with independent increments over game time (a compound-Poisson view of yards,
 * catches and touchdowns), so the part still to come has mean f·E[X] and variance f·Var[X]. R_f stays in the
 * family of X (Johnson, Kotz & Balakrishnan 1994, ch. 14):
 * - shifted log-normal shift + a·e^(σz − σ²/2): shift·f + scale_f·e^(σ_f·z) with σ_f² = ln(1 + (e^(σ²) − 1)/f)
 *   and scale_f = f·a·e^(−σ_f²/2), which has exactly mean f·(shift + a) and variance f·a²(e^(σ²) − 1); the fewer
 *   plays are left, the more of the remaining mean rests on a rare big play (σ_f grows as f falls);
 * - normal shift + scale·z: f·shift + √f·scale·z;
 * - floor: so far + f·floor (the part of the week's minimum still to be lost).
 * At f = 1 and 0 points every parameter is the pregame one exactly, so kickoff equals the pregame answer; at
 * f = 0 the points so far are final. The player's normal score z drives only R_f, so the copula correlates the
 * remaining parts of teammates and opponents, never what is already scored.
 */
export function conditionOnGame(full: PointsDistribution, game: PlayerGame): PointsDistribution {
  const points = Number.isFinite(game.points) ? game.points : 0;
  switch (game.state) {
    case 'pre':
      return full;
    case 'final':
      return constantDistribution(points, 'final');
    case 'bye':
      return constantDistribution(0, 'inactive');
    case 'out':
      return constantDistribution(points, 'inactive');
    case 'in':
      return remainingShare(full, points, game.fractionRemaining);
  }
}

function remainingShare(full: PointsDistribution, pointsSoFar: number, fraction: number): PointsDistribution {
  const f = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 1;
  if (f === 0) return constantDistribution(pointsSoFar, 'final');
  const floor = pointsSoFar + f * full.floor;
  if (full.kind === 'constant') return { ...full, shift: pointsSoFar + f * full.shift, floor };
  if (full.kind === 'normal') {
    return { ...full, shift: pointsSoFar + f * full.shift, scale: Math.sqrt(f) * full.scale, floor };
  }
  if (f === 1) return { ...full, shift: pointsSoFar + full.shift, floor };
  const sigmaSquared = full.sigma * full.sigma;
  const meanExcess = full.scale * Math.exp(sigmaSquared / 2);
  const remainingSigmaSquared = Math.log1p(Math.expm1(sigmaSquared) / f);
  return {
    ...full,
    shift: pointsSoFar + f * full.shift,
    scale: f * meanExcess * Math.exp(-remainingSigmaSquared / 2),
    sigma: Math.sqrt(remainingSigmaSquared),
    floor,
  };
}
