import { emptyStats, type StatValues } from './stat-columns.js';

export interface FantasyPoints {
  ppr: number;
  half_ppr: number;
  standard: number;
}

/** PPR, half-PPR and standard points of a stat line (the league scorings the app offers). */
export function fantasyPoints(line: Partial<StatValues>): FantasyPoints {
  const stats = { ...emptyStats(), ...line };
  const withoutReceptions =
    stats.pass_yd * 0.04 +
    stats.pass_td * 4 -
    stats.pass_int * 2 +
    (stats.rush_yd + stats.rec_yd) * 0.1 +
    (stats.rush_td + stats.rec_td + stats.ret_td + stats.fum_td) * 6 +
    stats.two_pt * 2 -
    stats.fum_lost * 2 +
    stats.pat_made -
    stats.pat_missed +
    (stats.fg_made_0_19 + stats.fg_made_20_29 + stats.fg_made_30_39) * 3 +
    stats.fg_made_40_49 * 4 +
    stats.fg_made_50 * 5 -
    (stats.fg_miss_0_19 + stats.fg_miss_20_29 + stats.fg_miss_30_39);
  return {
    ppr: roundPoints(withoutReceptions + stats.rec),
    half_ppr: roundPoints(withoutReceptions + stats.rec * 0.5),
    standard: roundPoints(withoutReceptions),
  };
}

function roundPoints(points: number): number {
  return Math.round(points * 100) / 100;
}
