/**
 * Scores a projected stat line (keyed like the player_week_stats columns) with a league's own
 * Sleeper-style `scoring_settings`, and re-expresses a PPR projection in those rules.
 */

export type StatLine = Record<string, number>;
export type ScoringSettings = Record<string, number>;

/** Full PPR: the rules the stored projections (pred_mean, p10…p90) are expressed in. */
export const PPR_SCORING: ScoringSettings = {
  pass_yd: 0.04,
  pass_td: 4,
  pass_int: -2,
  pass_2pt: 2,
  rush_yd: 0.1,
  rush_td: 6,
  rush_2pt: 2,
  rec: 1,
  rec_yd: 0.1,
  rec_td: 6,
  rec_2pt: 2,
  st_td: 6,
  fum_rec_td: 6,
  fum_lost: -2,
  xpm: 1,
  xpmiss: -1,
  fgm_0_19: 3,
  fgm_20_29: 3,
  fgm_30_39: 3,
  fgm_40_49: 4,
  fgm_50p: 5,
  fgmiss: -1,
};

/** The usual scoring presets, for a league that does not say how it scores (a person's saved preference). */
export const SCORING_TYPES = ['ppr', 'half-ppr', 'standard'] as const;
export type ScoringType = (typeof SCORING_TYPES)[number];
const POINTS_PER_RECEPTION: Record<ScoringType, number> = { ppr: 1, 'half-ppr': 0.5, standard: 0 };

export function scoringOfType(type: ScoringType): ScoringSettings {
  return { ...PPR_SCORING, rec: POINTS_PER_RECEPTION[type] };
}

/** Our stat column → the league's points per unit (first scoring key the league sets wins). */
const STAT_SCORING_KEYS: Record<string, string[]> = {
  pass_yd: ['pass_yd'],
  pass_td: ['pass_td'],
  pass_int: ['pass_int'],
  rush_yd: ['rush_yd'],
  rush_td: ['rush_td'],
  carries: ['rush_att'],
  rec: ['rec'],
  rec_yd: ['rec_yd'],
  rec_td: ['rec_td'],
  targets: ['rec_tgt'],
  ret_td: ['st_td', 'kr_td', 'pr_td'],
  fum_td: ['fum_rec_td'],
  fum_lost: ['fum_lost'],
  pat_made: ['xpm'],
  pat_missed: ['xpmiss'],
  fg_made_0_19: ['fgm_0_19'],
  fg_made_20_29: ['fgm_20_29'],
  fg_made_30_39: ['fgm_30_39'],
  fg_made_40_49: ['fgm_40_49'],
  fg_made_50: ['fgm_50p', 'fgm_50_59'],
  fg_miss_0_19: ['fgmiss_0_19', 'fgmiss'],
  fg_miss_20_29: ['fgmiss_20_29', 'fgmiss'],
  fg_miss_30_39: ['fgmiss_30_39', 'fgmiss'],
};
/** Two-point conversions are one column in our data; Sleeper splits them by how they were scored. */
const TWO_POINT_KEYS: Record<string, string[]> = {
  QB: ['pass_2pt', 'rush_2pt'],
  default: ['rec_2pt', 'rush_2pt'],
};
/** Per-reception premiums by position (TE premium and friends). */
const RECEPTION_BONUS_KEYS: Record<string, string> = {
  RB: 'bonus_rec_rb',
  WR: 'bonus_rec_wr',
  TE: 'bonus_rec_te',
};
/** A league-vs-PPR spread ratio beyond these bounds says more about odd rules than about risk. */
const SPREAD_RATIO_BOUNDS = [0.5, 2] as const;
/** Below this many PPR points a ratio of scores is noise, so spreads are left as they are. */
const MIN_POINTS_FOR_RATIO = 1;

function pointsPerUnit(scoring: ScoringSettings, keys: string[]): number {
  for (const key of keys) {
    const value = scoring[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return 0;
}

/** Fantasy points of a stat line under `scoring`, for a player at `position`. */
export function scoreStatLine(stats: StatLine, scoring: ScoringSettings, position: string): number {
  let points = 0;
  for (const [column, keys] of Object.entries(STAT_SCORING_KEYS)) {
    const value = stats[column];
    if (typeof value === 'number' && value !== 0) points += value * pointsPerUnit(scoring, keys);
  }
  const twoPoint = stats.two_pt ?? 0;
  if (twoPoint !== 0)
    points += twoPoint * pointsPerUnit(scoring, TWO_POINT_KEYS[position] ?? TWO_POINT_KEYS.default!);
  const bonusKey = RECEPTION_BONUS_KEYS[position];
  if (bonusKey && stats.rec) points += stats.rec * pointsPerUnit(scoring, [bonusKey]);
  return Math.round(points * 100) / 100;
}

export interface PointsProjection {
  mean: number;
  std: number;
  p10: number | null;
  p50: number | null;
  p90: number | null;
}

/**
 * A PPR projection in the league's rules: the center moves by what the rules change on the
 * projected stat line (league points − PPR points of the same line), and the spread around the
 * median scales with the ratio of the two. Without a stat line the PPR projection is kept as it is.
 */
export function toLeagueScoring(
  ppr: PointsProjection,
  stats: StatLine | null | undefined,
  scoring: ScoringSettings,
  position: string,
): PointsProjection & { isLeagueScored: boolean } {
  if (!stats || Object.keys(scoring).length === 0) return { ...ppr, isLeagueScored: false };
  const pprPoints = scoreStatLine(stats, PPR_SCORING, position);
  const leaguePoints = scoreStatLine(stats, scoring, position);
  const shift = leaguePoints - pprPoints;
  const ratio =
    pprPoints >= MIN_POINTS_FOR_RATIO
      ? Math.min(SPREAD_RATIO_BOUNDS[1], Math.max(SPREAD_RATIO_BOUNDS[0], leaguePoints / pprPoints))
      : 1;
  const median = ppr.p50 === null ? null : ppr.p50 + shift;
  // Quantiles keep their place relative to the (moved) median, with the spread scaled.
  const move = (value: number | null) =>
    value === null || median === null || ppr.p50 === null ? null : round(median + (value - ppr.p50) * ratio);
  return {
    mean: round(ppr.mean + shift),
    std: round(ppr.std * ratio),
    p10: move(ppr.p10),
    p50: median === null ? null : round(median),
    p90: move(ppr.p90),
    isLeagueScored: true,
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
