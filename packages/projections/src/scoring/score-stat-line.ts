import type { Position, StatKey, StatLine } from '../stats/stat-line.js';
import { DEFENSE_SCORING_KEYS, defensePoints } from './defense-points.js';
import type { ScoringRules } from './scoring-rules.js';

/** Per-unit keys of a player's line: stat → Sleeper scoring key. */
const PLAYER_UNIT_KEYS = [
  { stat: 'passYd', key: 'pass_yd' },
  { stat: 'passTd', key: 'pass_td' },
  { stat: 'passInt', key: 'pass_int' },
  { stat: 'passAtt', key: 'pass_att' },
  { stat: 'passCmp', key: 'pass_cmp' },
  { stat: 'passFd', key: 'pass_fd' },
  { stat: 'passTd40p', key: 'pass_td_40p' },
  { stat: 'passTd50p', key: 'pass_td_50p' },
  { stat: 'rushYd', key: 'rush_yd' },
  { stat: 'rushTd', key: 'rush_td' },
  { stat: 'carries', key: 'rush_att' },
  { stat: 'rushFd', key: 'rush_fd' },
  { stat: 'rushTd40p', key: 'rush_td_40p' },
  { stat: 'rushTd50p', key: 'rush_td_50p' },
  { stat: 'rec', key: 'rec' },
  { stat: 'recYd', key: 'rec_yd' },
  { stat: 'recTd', key: 'rec_td' },
  { stat: 'targets', key: 'rec_tgt' },
  { stat: 'recFd', key: 'rec_fd' },
  { stat: 'recTd40p', key: 'rec_td_40p' },
  { stat: 'recTd50p', key: 'rec_td_50p' },
  { stat: 'retTd', key: 'st_td' },
  { stat: 'krYd', key: 'kr_yd' },
  { stat: 'prYd', key: 'pr_yd' },
  { stat: 'stFumRec', key: 'st_fum_rec' },
  { stat: 'stForcedFumble', key: 'st_ff' },
  { stat: 'fumTd', key: 'fum_rec_td' },
  { stat: 'fumLost', key: 'fum_lost' },
  { stat: 'patMade', key: 'xpm' },
  { stat: 'patMissed', key: 'xpmiss' },
  { stat: 'fgMade0_19', key: 'fgm_0_19' },
  { stat: 'fgMade20_29', key: 'fgm_20_29' },
  { stat: 'fgMade30_39', key: 'fgm_30_39' },
  { stat: 'fgMade40_49', key: 'fgm_40_49' },
  { stat: 'fgMadeYd', key: 'fgm_yds' },
] as const satisfies readonly { stat: StatKey; key: string }[];

/** Threshold bonuses Sleeper awards once a game total reaches the figure in the key's name. */
const THRESHOLD_BONUSES: readonly { key: string; threshold: number; total: (line: StatLine) => number }[] = [
  { key: 'bonus_pass_yd_300', threshold: 300, total: (line) => line.passYd },
  { key: 'bonus_pass_yd_400', threshold: 400, total: (line) => line.passYd },
  { key: 'bonus_pass_cmp_25', threshold: 25, total: (line) => line.passCmp },
  { key: 'bonus_rush_yd_100', threshold: 100, total: (line) => line.rushYd },
  { key: 'bonus_rush_yd_200', threshold: 200, total: (line) => line.rushYd },
  { key: 'bonus_rush_att_20', threshold: 20, total: (line) => line.carries },
  { key: 'bonus_rec_yd_100', threshold: 100, total: (line) => line.recYd },
  { key: 'bonus_rec_yd_200', threshold: 200, total: (line) => line.recYd },
  { key: 'bonus_rush_rec_yd_100', threshold: 100, total: (line) => line.rushYd + line.recYd },
  { key: 'bonus_rush_rec_yd_200', threshold: 200, total: (line) => line.rushYd + line.recYd },
];

/** Per-reception premiums by position (TE premium and friends). */
const RECEPTION_BONUS_BY_POSITION: Partial<Record<Position, string>> = {
  RB: 'bonus_rec_rb',
  WR: 'bonus_rec_wr',
  TE: 'bonus_rec_te',
};

/** Per-first-down premiums by position: each of the player's first downs, passing, rushing or receiving. */
const FIRST_DOWN_BONUS_BY_POSITION: Partial<Record<Position, string>> = {
  QB: 'bonus_fd_qb',
  RB: 'bonus_fd_rb',
  WR: 'bonus_fd_wr',
  TE: 'bonus_fd_te',
};

/**
 * Our stat line has one 2-point column; it is scored with the conversion type the
 * position usually makes (QB pass, RB rush, WR/TE catch).
 */
const TWO_POINT_KEY_BY_POSITION: Record<Exclude<Position, 'DEF'>, string> = {
  QB: 'pass_2pt',
  RB: 'rush_2pt',
  WR: 'rec_2pt',
  TE: 'rec_2pt',
  K: 'rec_2pt',
};

/** Keys read for the 50+ and 60+ yard kicks (our lines count 60+ kicks in the 50+ columns as well). */
const LONG_KICK_KEYS = [
  'fgm_50p',
  'fgm_50_59',
  'fgm_60p',
  'fgmiss',
  'fgmiss_0_19',
  'fgmiss_20_29',
  'fgmiss_30_39',
  'fgmiss_40_49',
  'fgmiss_50p',
  'fgmiss_50_59',
  'fgmiss_60p',
];

/**
 * Every scoring_settings key scoreStatLine applies. Individual defensive players (IDP, `idp_*` keys) are not
 * scored: the product has no individual defenders, so those keys are listed as not applied like any other.
 */
export const SUPPORTED_SCORING_KEYS: ReadonlySet<string> = new Set([
  ...PLAYER_UNIT_KEYS.map((entry) => entry.key),
  ...THRESHOLD_BONUSES.map((bonus) => bonus.key),
  ...Object.values(RECEPTION_BONUS_BY_POSITION),
  ...Object.values(FIRST_DOWN_BONUS_BY_POSITION),
  ...Object.values(TWO_POINT_KEY_BY_POSITION),
  'rush_2pt',
  ...LONG_KICK_KEYS,
  ...DEFENSE_SCORING_KEYS,
]);

/** Non-zero rule keys this package cannot apply, so a caller can say its totals ignore them. */
export function unsupportedScoringKeys(rules: ScoringRules): string[] {
  return Object.entries(rules)
    .filter(([key, points]) => points !== 0 && !SUPPORTED_SCORING_KEYS.has(key))
    .map(([key]) => key)
    .sort();
}

/** Fantasy points of one stat line (actual or projected) under a Sleeper-style rule set. */
export function scoreStatLine(line: StatLine, rules: ScoringRules, position: Position): number {
  if (position === 'DEF') return defensePoints(line, rules);
  const rule = (key: string): number => rules[key] ?? 0;
  let points = line.twoPt * twoPointValue(rules, position);
  for (const { stat, key } of PLAYER_UNIT_KEYS) points += line[stat] * rule(key);
  // pass_inc: an attempt not completed
  points += (line.passAtt - line.passCmp) * rule('pass_inc');
  const receptionBonusKey = RECEPTION_BONUS_BY_POSITION[position];
  if (receptionBonusKey) points += line.rec * rule(receptionBonusKey);
  const firstDownBonusKey = FIRST_DOWN_BONUS_BY_POSITION[position];
  if (firstDownBonusKey) points += (line.passFd + line.rushFd + line.recFd) * rule(firstDownBonusKey);
  for (const bonus of THRESHOLD_BONUSES) {
    if (bonus.total(line) >= bonus.threshold) points += rule(bonus.key);
  }
  return points + longKickPoints(line, rules);
}

function twoPointValue(rules: ScoringRules, position: Exclude<Position, 'DEF'>): number {
  return rules[TWO_POINT_KEY_BY_POSITION[position]] ?? rules.rec_2pt ?? rules.rush_2pt ?? rules.pass_2pt ?? 0;
}

/**
 * Misses by distance and the 50+ yard makes. A league names the 50+ bucket fgm_50p or splits it at 60
 * (fgm_50_59 / fgm_60p); a miss without its own distance key costs the generic `fgmiss`.
 */
function longKickPoints(line: StatLine, rules: ScoringRules): number {
  const rule = (key: string): number => rules[key] ?? 0;
  const miss = (key: string): number => rules[key] ?? rule('fgmiss');
  const madeFifty = rules.fgm_50p ?? rules.fgm_50_59 ?? 0;
  const madeSixty = rules.fgm_60p ?? madeFifty;
  const missFifty = rules.fgmiss_50p ?? rules.fgmiss_50_59 ?? rule('fgmiss');
  const missSixty = rules.fgmiss_60p ?? missFifty;
  return (
    (line.fgMade50 - line.fgMade60) * madeFifty +
    line.fgMade60 * madeSixty +
    line.fgMiss0_19 * miss('fgmiss_0_19') +
    line.fgMiss20_29 * miss('fgmiss_20_29') +
    line.fgMiss30_39 * miss('fgmiss_30_39') +
    line.fgMiss40_49 * miss('fgmiss_40_49') +
    (line.fgMiss50 - line.fgMiss60) * missFifty +
    line.fgMiss60 * missSixty
  );
}
