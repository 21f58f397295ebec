/**
 * Scoring rules are Sleeper `scoring_settings` objects: key → points per unit.
 * Keys absent from a rule set score 0. See scoreStatLine for which keys are read.
 */
export type ScoringRules = Readonly<Record<string, number>>;

const PASSING_AND_TURNOVERS = {
  pass_yd: 0.04,
  pass_td: 4,
  pass_int: -2,
  pass_2pt: 2,
  fum_lost: -2,
} as const;

const RUSHING_AND_RECEIVING = {
  rush_yd: 0.1,
  rush_td: 6,
  rush_2pt: 2,
  rec_yd: 0.1,
  rec_td: 6,
  rec_2pt: 2,
  st_td: 6,
  fum_rec_td: 6,
} as const;

/**
 * Kicker scoring shared by every preset: PAT 1, FG 0–39 yd 3, 40–49 yd 4, 50+ yd 5,
 * missed FG −1, missed PAT 0 (our choice: NFL.com's and Sleeper's defaults differ on it).
 */
const KICKING = {
  xpm: 1,
  xpmiss: 0,
  fgm_0_19: 3,
  fgm_20_29: 3,
  fgm_30_39: 3,
  fgm_40_49: 4,
  fgm_50p: 5,
  fgmiss: -1,
} as const;

/**
 * Sleeper's default team-defense scoring (both recorded Sleeper leagues use it as created):
 * sack 1, interception 2, fumble recovery 2, defensive or return TD 6, safety 2, blocked kick 2,
 * forced fumble 1, special-teams forced fumble / fumble recovery 1, and by points allowed
 * 0 → 10, 1–6 → 7, 7–13 → 4, 14–20 → 1, 21–27 → 0, 28–34 → −1, 35+ → −4.
 */
const TEAM_DEFENSE = {
  sack: 1,
  int: 2,
  fum_rec: 2,
  def_td: 6,
  def_st_td: 6,
  safe: 2,
  blk_kick: 2,
  ff: 1,
  def_st_ff: 1,
  def_st_fum_rec: 1,
  pts_allow_0: 10,
  pts_allow_1_6: 7,
  pts_allow_7_13: 4,
  pts_allow_14_20: 1,
  pts_allow_21_27: 0,
  pts_allow_28_34: -1,
  pts_allow_35p: -4,
} as const;

const SHARED = { ...PASSING_AND_TURNOVERS, ...RUSHING_AND_RECEIVING, ...KICKING, ...TEAM_DEFENSE } as const;

export const SCORING_PRESETS = {
  standard: { ...SHARED, rec: 0 },
  half_ppr: { ...SHARED, rec: 0.5 },
  ppr: { ...SHARED, rec: 1 },
} as const satisfies Record<string, ScoringRules>;

export type ScoringPresetName = keyof typeof SCORING_PRESETS;

/** The product's scoring (the model is trained and measured in it). */
export const PPR: ScoringRules = SCORING_PRESETS.ppr;
