import type { Position, StatLine } from '../stats/stat-line.js';
import { DEFENSE_SCORING_KEYS, defensePoints } from './defense-points.js';
import type { ScoringRules } from './scoring-rules.js';

/** Threshold bonuses Sleeper awards once a game total reaches the yardage in the key's name. */
const YARDAGE_BONUSES = [
  { key: 'bonus_pass_yd_300', stat: 'passYd', threshold: 300 },
  { key: 'bonus_pass_yd_400', stat: 'passYd', threshold: 400 },
  { key: 'bonus_rush_yd_100', stat: 'rushYd', threshold: 100 },
  { key: 'bonus_rush_yd_200', stat: 'rushYd', threshold: 200 },
  { key: 'bonus_rec_yd_100', stat: 'recYd', threshold: 100 },
  { key: 'bonus_rec_yd_200', stat: 'recYd', threshold: 200 },
] as const;

const RECEPTION_BONUS_BY_POSITION: Partial<Record<Position, string>> = {
  RB: 'bonus_rec_rb',
  WR: 'bonus_rec_wr',
  TE: 'bonus_rec_te',
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

/** Every scoring_settings key scoreStatLine reads; others (first downs, long TDs, return yards…) need data we do not keep. */
export const SUPPORTED_SCORING_KEYS: ReadonlySet<string> = new Set([
  'pass_yd',
  'pass_td',
  'pass_int',
  'rush_yd',
  'rush_td',
  'rec',
  'rec_yd',
  'rec_td',
  'st_td',
  'fum_rec_td',
  'fum_lost',
  'pass_2pt',
  'rush_2pt',
  'rec_2pt',
  'bonus_rec_rb',
  'bonus_rec_wr',
  'bonus_rec_te',
  ...YARDAGE_BONUSES.map((bonus) => bonus.key),
  'xpm',
  'xpmiss',
  'fgm_0_19',
  'fgm_20_29',
  'fgm_30_39',
  'fgm_40_49',
  'fgm_50p',
  'fgm_50_59',
  'fgmiss',
  'fgmiss_0_19',
  'fgmiss_20_29',
  'fgmiss_30_39',
  'fgmiss_40_49',
  'fgmiss_50p',
  ...DEFENSE_SCORING_KEYS,
]);

/** Non-zero rule keys this package cannot apply, so a caller can warn that its totals ignore them. */
export function unsupportedScoringKeys(rules: ScoringRules): string[] {
  return Object.entries(rules)
    .filter(([key, points]) => points !== 0 && !SUPPORTED_SCORING_KEYS.has(key))
    .map(([key]) => key);
}

/** Fantasy points of one stat line (actual or projected) under a Sleeper-style rule set. */
export function scoreStatLine(line: StatLine, rules: ScoringRules, position: Position): number {
  if (position === 'DEF') return defensePoints(line, rules);
  const rule = (key: string): number => rules[key] ?? 0;
  let points =
    line.passYd * rule('pass_yd') +
    line.passTd * rule('pass_td') +
    line.passInt * rule('pass_int') +
    line.rushYd * rule('rush_yd') +
    line.rushTd * rule('rush_td') +
    line.rec * rule('rec') +
    line.recYd * rule('rec_yd') +
    line.recTd * rule('rec_td') +
    line.retTd * rule('st_td') +
    line.fumTd * rule('fum_rec_td') +
    line.fumLost * rule('fum_lost') +
    line.twoPt * twoPointValue(rules, position);
  const receptionBonusKey = RECEPTION_BONUS_BY_POSITION[position];
  if (receptionBonusKey) points += line.rec * rule(receptionBonusKey);
  for (const bonus of YARDAGE_BONUSES) {
    if (line[bonus.stat] >= bonus.threshold) points += rule(bonus.key);
  }
  return points + kickingPoints(line, rules);
}

function twoPointValue(rules: ScoringRules, position: Exclude<Position, 'DEF'>): number {
  return rules[TWO_POINT_KEY_BY_POSITION[position]] ?? rules.rec_2pt ?? rules.rush_2pt ?? rules.pass_2pt ?? 0;
}

function kickingPoints(line: StatLine, rules: ScoringRules): number {
  const rule = (key: string): number => rules[key] ?? 0;
  // NFL.com lumps 50+ yard kicks; Sleeper leagues name that bucket fgm_50p or split it at 60 (rare).
  const fiftyPlus = rules.fgm_50p ?? rules.fgm_50_59 ?? 0;
  const miss = (key: string): number => rules[key] ?? rule('fgmiss');
  return (
    line.patMade * rule('xpm') +
    line.patMissed * rule('xpmiss') +
    line.fgMade0_19 * rule('fgm_0_19') +
    line.fgMade20_29 * rule('fgm_20_29') +
    line.fgMade30_39 * rule('fgm_30_39') +
    line.fgMade40_49 * rule('fgm_40_49') +
    line.fgMade50 * fiftyPlus +
    line.fgMiss0_19 * miss('fgmiss_0_19') +
    line.fgMiss20_29 * miss('fgmiss_20_29') +
    line.fgMiss30_39 * miss('fgmiss_30_39') +
    line.fgMiss40_49 * miss('fgmiss_40_49') +
    line.fgMiss50 * miss('fgmiss_50p')
  );
}
