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

export const SCORING_PRESETS = {
  standard: { ...PASSING_AND_TURNOVERS, ...RUSHING_AND_RECEIVING, ...KICKING, rec: 0 },
  half_ppr: { ...PASSING_AND_TURNOVERS, ...RUSHING_AND_RECEIVING, ...KICKING, rec: 0.5 },
  ppr: { ...PASSING_AND_TURNOVERS, ...RUSHING_AND_RECEIVING, ...KICKING, rec: 1 },
} as const satisfies Record<string, ScoringRules>;

export type ScoringPresetName = keyof typeof SCORING_PRESETS;

/** The product's scoring (the model is trained and measured in it). */
export const PPR: ScoringRules = SCORING_PRESETS.ppr;
