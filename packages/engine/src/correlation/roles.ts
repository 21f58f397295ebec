import type { Position } from '../distributions/positions.js';

/**
 * Depth ranks beyond these share one role (a team's 4th WR behaves like its 3rd for correlation purposes).
 * The same caps are used when fitting the correlation table, so every role the engine asks for exists there.
 */
export const ROLE_DEPTH_CAP: Readonly<Record<Position, number>> = {
  QB: 1,
  RB: 2,
  WR: 3,
  TE: 2,
  K: 1,
  DEF: 1,
};

/** A player's role key: position plus depth rank within his NFL team that week (`WR2`), or just `DEF`. */
export function roleKey(position: Position, depthRank: number): string {
  if (position === 'DEF') return 'DEF';
  const cappedRank = Math.min(Math.max(1, Math.floor(depthRank)), ROLE_DEPTH_CAP[position]);
  return `${position}${cappedRank}`;
}

export interface DepthRankInput {
  id: string;
  team: string | null | undefined;
  position: string;
  predMean: number | null | undefined;
}

/**
 * Depth rank of every player within his team and position by projected points (1 = highest), as the correlation
 * table is keyed: call it with the whole week's projections, not just the two line-ups.
 */
export function rankWithinTeam(rows: readonly DepthRankInput[]): Map<string, number> {
  const groups = new Map<string, DepthRankInput[]>();
  for (const row of rows) {
    if (!row.team) continue;
    const key = `${row.team.toUpperCase()}|${row.position.toUpperCase()}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const ranks = new Map<string, number>();
  for (const group of groups.values()) {
    group.sort((a, b) => (b.predMean ?? -Infinity) - (a.predMean ?? -Infinity));
    group.forEach((row, index) => ranks.set(row.id, index + 1));
  }
  return ranks;
}
