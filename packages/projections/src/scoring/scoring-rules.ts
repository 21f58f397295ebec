import { POINTS_PER_RECEPTION, type ScoringFormat } from './scoring-formats.js';

/**
 * Scoring rules are Sleeper `scoring_settings` objects: key → points per unit.
 * Keys absent from a rule set score 0. See scoreStatLine for which keys are read.
 */
export type ScoringRules = Readonly<Record<string, number>>;

/**
 * Sleeper's own standard rules, the ones behind the `pts_ppr` it publishes on every stat line, so a preset's
 * points equal the platform's: passing 0.04 a yard, 4 a TD, −1 an interception; rushing and receiving 0.1 a
 * yard, 6 a TD; 2 a two-point conversion; −2 a lost fumble; 6 a return or fumble-recovery TD, 1 a special-teams
 * fumble recovery or forced fumble.
 */
const OFFENSE = {
  pass_yd: 0.04,
  pass_td: 4,
  pass_int: -1,
  pass_2pt: 2,
  rush_yd: 0.1,
  rush_td: 6,
  rush_2pt: 2,
  rec_yd: 0.1,
  rec_td: 6,
  rec_2pt: 2,
  fum_lost: -2,
  st_td: 6,
  fum_rec_td: 6,
  st_fum_rec: 1,
  st_ff: 1,
} as const;

/** Sleeper's kicker defaults: PAT 1, FG 0–39 yd 3, 40–49 yd 4, 50+ yd 5; a missed FG or PAT −1. */
const KICKING = {
  xpm: 1,
  xpmiss: -1,
  fgm_0_19: 3,
  fgm_20_29: 3,
  fgm_30_39: 3,
  fgm_40_49: 4,
  fgm_50p: 5,
  fgmiss: -1,
} as const;

/**
 * Sleeper's team-defense defaults: sack 1, interception 2, fumble recovery 2, defensive or return TD 6,
 * safety 2, blocked kick 2, forced fumble 1, special-teams forced fumble / fumble recovery 1, and by points
 * allowed 0 → 10, 1–6 → 7, 7–13 → 4, 14–20 → 0, 21–27 → 0, 28–34 → −1, 35+ → −4.
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
  pts_allow_14_20: 0,
  pts_allow_21_27: 0,
  pts_allow_28_34: -1,
  pts_allow_35p: -4,
} as const;

const SHARED = { ...OFFENSE, ...KICKING, ...TEAM_DEFENSE } as const;

/** One rule set per format: Sleeper's standard rules with 1 (PPR), ½ (half-PPR) or 0 (standard) a reception. */
export const SCORING_PRESETS: Readonly<Record<ScoringFormat, ScoringRules>> = {
  ppr: { ...SHARED, rec: POINTS_PER_RECEPTION.ppr },
  half: { ...SHARED, rec: POINTS_PER_RECEPTION.half },
  std: { ...SHARED, rec: POINTS_PER_RECEPTION.std },
};

/** The product's scoring (the model is trained and measured in it; stored projections are in it). */
export const PPR: ScoringRules = SCORING_PRESETS.ppr;

/** A league's own rules when it has any, else `fallback` (a league that does not say how it scores). */
export function rulesOrPreset(
  rules: ScoringRules | null | undefined,
  fallback: ScoringRules = PPR,
): ScoringRules {
  return rules && Object.keys(rules).length > 0 ? rules : fallback;
}
