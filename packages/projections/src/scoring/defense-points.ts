import type { StatLine } from '../stats/stat-line.js';
import type { ScoringRules } from './scoring-rules.js';

/** Sleeper's points-allowed buckets: each key scores once when the opponent's points fall in it. */
const POINTS_ALLOWED_BUCKETS = [
  { key: 'pts_allow_0', below: 0.5 },
  { key: 'pts_allow_1_6', below: 6.5 },
  { key: 'pts_allow_7_13', below: 13.5 },
  { key: 'pts_allow_14_20', below: 20.5 },
  { key: 'pts_allow_21_27', below: 27.5 },
  { key: 'pts_allow_28_34', below: 34.5 },
  { key: 'pts_allow_35p', below: Number.POSITIVE_INFINITY },
] as const;

/** Sleeper's yards-allowed buckets, used by leagues that score them. */
const YARDS_ALLOWED_BUCKETS = [
  { key: 'yds_allow_0_100', below: 100 },
  { key: 'yds_allow_100_199', below: 200 },
  { key: 'yds_allow_200_299', below: 300 },
  { key: 'yds_allow_300_349', below: 350 },
  { key: 'yds_allow_350_399', below: 400 },
  { key: 'yds_allow_400_449', below: 450 },
  { key: 'yds_allow_450_499', below: 500 },
  { key: 'yds_allow_500_549', below: 550 },
  { key: 'yds_allow_550p', below: Number.POSITIVE_INFINITY },
] as const;

/** Per-unit team-defense keys: stat → Sleeper scoring key. */
const DEFENSE_UNIT_KEYS = [
  { stat: 'defSack', key: 'sack' },
  { stat: 'defInt', key: 'int' },
  { stat: 'defFumRec', key: 'fum_rec' },
  { stat: 'defTd', key: 'def_td' },
  { stat: 'defStTd', key: 'def_st_td' },
  { stat: 'defSafety', key: 'safe' },
  { stat: 'defBlockedKick', key: 'blk_kick' },
  { stat: 'defForcedFumble', key: 'ff' },
  { stat: 'defStForcedFumble', key: 'def_st_ff' },
  { stat: 'defStFumRec', key: 'def_st_fum_rec' },
  { stat: 'ptsAllowed', key: 'pts_allow' },
  { stat: 'ydsAllowed', key: 'yds_allow' },
] as const satisfies readonly { stat: keyof StatLine; key: string }[];

export const DEFENSE_SCORING_KEYS: readonly string[] = [
  ...DEFENSE_UNIT_KEYS.map((entry) => entry.key),
  ...POINTS_ALLOWED_BUCKETS.map((bucket) => bucket.key),
  ...YARDS_ALLOWED_BUCKETS.map((bucket) => bucket.key),
];

/**
 * The bucket key a points or yards figure falls in. Projected lines carry fractional means
 * (21.75 points allowed), so bucket edges sit halfway between whole numbers.
 */
function bucketOf<Key extends string>(
  buckets: readonly { key: Key; below: number }[],
  value: number,
): Key | undefined {
  return buckets.find((bucket) => value < bucket.below)?.key;
}

/** The points-allowed bucket (a Sleeper scoring key) a team's points allowed fall in. */
export function pointsAllowedBucket(pointsAllowed: number): string | undefined {
  return bucketOf(POINTS_ALLOWED_BUCKETS, pointsAllowed);
}

/** Fantasy points of a team defense's line: per-unit keys plus one points- and one yards-allowed bucket. */
export function defensePoints(line: StatLine, rules: ScoringRules): number {
  let points = 0;
  for (const { stat, key } of DEFENSE_UNIT_KEYS) points += line[stat] * (rules[key] ?? 0);
  const pointsBucket = pointsAllowedBucket(line.ptsAllowed);
  const yardsBucket = bucketOf(YARDS_ALLOWED_BUCKETS, line.ydsAllowed);
  if (pointsBucket) points += rules[pointsBucket] ?? 0;
  if (yardsBucket) points += rules[yardsBucket] ?? 0;
  return points;
}
