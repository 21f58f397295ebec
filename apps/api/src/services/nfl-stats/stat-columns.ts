/** The player_week_stats stat columns, as the API names them (the database column names). */
export const STAT_COLUMNS = [
  'pass_yd',
  'pass_td',
  'pass_int',
  'rush_yd',
  'rush_td',
  'rec',
  'rec_yd',
  'rec_td',
  'ret_td',
  'fum_td',
  'two_pt',
  'fum_lost',
  'carries',
  'touches',
  'targets',
  'rz_targets',
  'rz_touches',
  'rz_g2g',
  'pat_made',
  'pat_missed',
  'fg_made_0_19',
  'fg_made_20_29',
  'fg_made_30_39',
  'fg_made_40_49',
  'fg_made_50',
  'fg_miss_0_19',
  'fg_miss_20_29',
  'fg_miss_30_39',
] as const;

export type StatColumn = (typeof STAT_COLUMNS)[number];
export type StatValues = Record<StatColumn, number>;

export function emptyStats(): StatValues {
  return Object.fromEntries(STAT_COLUMNS.map((column) => [column, 0])) as StatValues;
}

/** A listed player who did nothing that week (inactive, or on the field without a stat). */
export function hasAnyStat(stats: StatValues): boolean {
  return STAT_COLUMNS.some((column) => stats[column] !== 0);
}
