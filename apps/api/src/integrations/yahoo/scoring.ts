import { unsupportedScoringKeys } from '@fm/projections';

/**
 * Yahoo NFL stat ids → the Sleeper scoring keys our scorer reads. A stat with several keys feeds each (Yahoo's
 * one 2-point stat counts passing, rushing and receiving conversions; its 300–399 yards-allowed range spans
 * two Sleeper ranges). Yahoo's points-allowed ranges are Sleeper's.
 */
export const YAHOO_STAT_TO_SLEEPER_KEYS: Record<string, string[]> = {
  '2': ['pass_cmp'],
  '4': ['pass_yd'],
  '5': ['pass_td'],
  '6': ['pass_int'],
  '9': ['rush_yd'],
  '10': ['rush_td'],
  '11': ['rec'],
  '12': ['rec_yd'],
  '13': ['rec_td'],
  '15': ['st_td'],
  '16': ['pass_2pt', 'rush_2pt', 'rec_2pt'],
  '17': ['fum'],
  '18': ['fum_lost'],
  '19': ['fgm_0_19'],
  '20': ['fgm_20_29'],
  '21': ['fgm_30_39'],
  '22': ['fgm_40_49'],
  '23': ['fgm_50p'],
  '24': ['fgmiss_0_19'],
  '25': ['fgmiss_20_29'],
  '26': ['fgmiss_30_39'],
  '27': ['fgmiss_40_49'],
  '28': ['fgmiss_50p'],
  '29': ['xpm'],
  '30': ['xpmiss'],
  '31': ['pts_allow'],
  '32': ['sack'],
  '33': ['int'],
  '34': ['fum_rec'],
  '35': ['def_td'],
  '36': ['safe'],
  '37': ['blk_kick'],
  '49': ['def_st_td'],
  '50': ['pts_allow_0'],
  '51': ['pts_allow_1_6'],
  '52': ['pts_allow_7_13'],
  '53': ['pts_allow_14_20'],
  '54': ['pts_allow_21_27'],
  '55': ['pts_allow_28_34'],
  '56': ['pts_allow_35p'],
  '57': ['fum_rec_td'],
  '69': ['yds_allow'],
  '71': ['yds_allow_0_100'],
  '72': ['yds_allow_100_199'],
  '73': ['yds_allow_200_299'],
  '74': ['yds_allow_300_349', 'yds_allow_350_399'],
  '75': ['yds_allow_400_449', 'yds_allow_450_499'],
  '76': ['yds_allow_500_549', 'yds_allow_550p'],
  '78': ['rec_tgt'],
  '82': ['def_2pt'],
};

/** Yahoo stat modifiers as Sleeper scoring keys; ids we do not know are kept as `yahoo_<id>`. */
export function toSleeperScoring(statModifiers: Record<string, number>): Record<string, number> {
  const scoring: Record<string, number> = {};
  for (const [statId, points] of Object.entries(statModifiers)) {
    for (const key of YAHOO_STAT_TO_SLEEPER_KEYS[statId] ?? [`yahoo_${statId}`]) scoring[key] = points;
  }
  return scoring;
}

/**
 * The league's scored Yahoo stats our points do not apply, as `yahoo_<stat id>` sorted by id: stats we have no
 * key for, and stats whose keys our scorer does not read.
 */
export function unsupportedYahooScoring(statModifiers: Record<string, number>): string[] {
  return Object.entries(statModifiers)
    .filter(([statId, points]) => {
      if (points === 0) return false;
      const keys = YAHOO_STAT_TO_SLEEPER_KEYS[statId];
      return !keys || keys.every((key) => unsupportedScoringKeys({ [key]: points }).length > 0);
    })
    .map(([statId]) => Number(statId))
    .sort((a, b) => a - b)
    .map((statId) => `yahoo_${statId}`);
}

/** A player's Yahoo stats (stat id → amount) in Sleeper's stat keys, each stat under its first key. */
export function yahooStatsAsSleeper(stats: Readonly<Record<string, number>>): Record<string, number> {
  const sleeper: Record<string, number> = {};
  for (const [statId, amount] of Object.entries(stats)) {
    const key = YAHOO_STAT_TO_SLEEPER_KEYS[statId]?.[0];
    if (key !== undefined && Number.isFinite(amount)) sleeper[key] = amount;
  }
  return sleeper;
}
