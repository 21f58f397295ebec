import { STAT_KEYS, type StatKey, type StatLine } from '@fm/projections';

/** @fm/projections stat key (the Drizzle property) → player_week_stats column name, as the API names stats. */
export const COLUMN_OF_STAT = {
  passYd: 'pass_yd',
  passTd: 'pass_td',
  passInt: 'pass_int',
  rushYd: 'rush_yd',
  rushTd: 'rush_td',
  rec: 'rec',
  recYd: 'rec_yd',
  recTd: 'rec_td',
  retTd: 'ret_td',
  fumTd: 'fum_td',
  twoPt: 'two_pt',
  fumLost: 'fum_lost',
  carries: 'carries',
  touches: 'touches',
  targets: 'targets',
  receptionPct: 'reception_pct',
  rzTargets: 'rz_targets',
  rzTouches: 'rz_touches',
  rzG2g: 'rz_g2g',
  patMade: 'pat_made',
  patMissed: 'pat_missed',
  fgMade0_19: 'fg_made_0_19',
  fgMade20_29: 'fg_made_20_29',
  fgMade30_39: 'fg_made_30_39',
  fgMade40_49: 'fg_made_40_49',
  fgMade50: 'fg_made_50',
  fgMiss0_19: 'fg_miss_0_19',
  fgMiss20_29: 'fg_miss_20_29',
  fgMiss30_39: 'fg_miss_30_39',
  fgMiss40_49: 'fg_miss_40_49',
  fgMiss50: 'fg_miss_50',
  defSack: 'def_sack',
  defInt: 'def_int',
  defFumRec: 'def_fum_rec',
  defTd: 'def_td',
  defStTd: 'def_st_td',
  defSafety: 'def_safety',
  defBlockedKick: 'def_blocked_kick',
  defForcedFumble: 'def_forced_fumble',
  defStForcedFumble: 'def_st_forced_fumble',
  defStFumRec: 'def_st_fum_rec',
  ptsAllowed: 'pts_allowed',
  ydsAllowed: 'yds_allowed',
  passAtt: 'pass_att',
  passCmp: 'pass_cmp',
  passFd: 'pass_fd',
  rushFd: 'rush_fd',
  recFd: 'rec_fd',
  passTd40p: 'pass_td_40p',
  passTd50p: 'pass_td_50p',
  rushTd40p: 'rush_td_40p',
  rushTd50p: 'rush_td_50p',
  recTd40p: 'rec_td_40p',
  recTd50p: 'rec_td_50p',
  krYd: 'kr_yd',
  prYd: 'pr_yd',
  stFumRec: 'st_fum_rec',
  stForcedFumble: 'st_forced_fumble',
  fgMade60: 'fg_made_60',
  fgMiss60: 'fg_miss_60',
  fgMadeYd: 'fg_made_yd',
} as const satisfies Record<StatKey, string>;

/** The summable stat columns (reception % is a ratio, not summed). */
export type StatColumn = Exclude<(typeof COLUMN_OF_STAT)[StatKey], 'reception_pct'>;
export type StatValues = Record<StatColumn, number>;
const SUMMABLE_KEYS = STAT_KEYS.filter(
  (key): key is Exclude<StatKey, 'receptionPct'> => key !== 'receptionPct',
);
export const STAT_COLUMNS: StatColumn[] = SUMMABLE_KEYS.map((key) => COLUMN_OF_STAT[key]);

export function emptyStats(): StatValues {
  return Object.fromEntries(STAT_COLUMNS.map((column) => [column, 0])) as StatValues;
}

/** A row keyed by column name (raw SQL) → the stat line @fm/projections scores. */
export function statLineFromColumns(row: Record<string, unknown>): StatLine {
  const line = {} as StatLine;
  for (const key of STAT_KEYS) line[key] = Number(row[COLUMN_OF_STAT[key]] ?? 0) || 0;
  return line;
}

/** A stat line → its summable columns. */
export function columnsOfStatLine(line: StatLine): StatValues {
  const values = {} as StatValues;
  for (const key of SUMMABLE_KEYS) values[COLUMN_OF_STAT[key]] = line[key];
  return values;
}

/** A listed player who did nothing that week (inactive, or on the field without a stat). */
export function hasAnyStat(stats: StatValues): boolean {
  return STAT_COLUMNS.some((column) => stats[column] !== 0);
}
