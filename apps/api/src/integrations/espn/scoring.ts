import { unsupportedScoringKeys } from '@fm/projections';
import { ESPN_DST_SLOT_ID } from './ids.js';

/**
 * ESPN scoring items → the Sleeper scoring keys the app scores with. An item's `points` apply to
 * players; its `pointsOverrides` replace them in one lineup slot. ESPN scores team defenses (D/ST)
 * with the same stat ids as players but its own override (slot 16), so each stat says which Sleeper
 * key it feeds for a player and which for a team defense.
 */
interface StatKeys {
  player?: readonly string[];
  defense?: readonly string[];
}

export const ESPN_STAT_KEYS: Readonly<Record<number, StatKeys>> = {
  0: { player: ['pass_att'] },
  1: { player: ['pass_cmp'] },
  2: { player: ['pass_inc'] },
  3: { player: ['pass_yd'] },
  4: { player: ['pass_td'] },
  15: { player: ['pass_td_40p'] },
  16: { player: ['pass_td_50p'] },
  17: { player: ['bonus_pass_yd_300'] },
  18: { player: ['bonus_pass_yd_400'] },
  19: { player: ['pass_2pt'] },
  20: { player: ['pass_int'] },
  23: { player: ['rush_att'] },
  24: { player: ['rush_yd'] },
  25: { player: ['rush_td'] },
  26: { player: ['rush_2pt'] },
  35: { player: ['rush_td_40p'] },
  36: { player: ['rush_td_50p'] },
  37: { player: ['bonus_rush_yd_100'] },
  38: { player: ['bonus_rush_yd_200'] },
  42: { player: ['rec_yd'] },
  43: { player: ['rec_td'] },
  44: { player: ['rec_2pt'] },
  45: { player: ['rec_td_40p'] },
  46: { player: ['rec_td_50p'] },
  53: { player: ['rec'] },
  56: { player: ['bonus_rec_yd_100'] },
  57: { player: ['bonus_rec_yd_200'] },
  58: { player: ['rec_tgt'] },
  63: { player: ['fum_rec_td'] },
  64: { player: ['pass_sack'] },
  68: { player: ['fum'] },
  72: { player: ['fum_lost'] },
  74: { player: ['fgm_50p'] },
  76: { player: ['fgmiss_50p'] },
  77: { player: ['fgm_40_49'] },
  79: { player: ['fgmiss_40_49'] },
  80: { player: ['fgm_0_19', 'fgm_20_29', 'fgm_30_39'] },
  82: { player: ['fgmiss_0_19', 'fgmiss_20_29', 'fgmiss_30_39'] },
  83: { player: ['fgm'] },
  85: { player: ['fgmiss'] },
  86: { player: ['xpm'] },
  88: { player: ['xpmiss'] },
  198: { player: ['fgm_50_59'] },
  201: { player: ['fgm_60p'] },
  // Returns: a player's return touchdown (scored as Sleeper's st_td; his stats keep kick and punt apart), or the
  // defense's special-teams touchdown.
  101: { player: ['st_td', 'kr_td'], defense: ['def_st_td'] },
  102: { player: ['st_td', 'pr_td'], defense: ['def_st_td'] },
  114: { player: ['kr_yd'] },
  115: { player: ['pr_yd'] },
  // Team defense.
  89: { defense: ['pts_allow_0'] },
  90: { defense: ['pts_allow_1_6'] },
  91: { defense: ['pts_allow_7_13'] },
  // ESPN splits 14–17 and 18–21 where Sleeper has one 14–20 bucket (and 22–27 against 21–27).
  92: { defense: ['pts_allow_14_20'] },
  122: { defense: ['pts_allow_21_27'] },
  123: { defense: ['pts_allow_28_34'] },
  124: { defense: ['pts_allow_35p'] },
  93: { defense: ['def_st_td'] },
  94: { defense: ['def_td'] },
  95: { defense: ['int'] },
  96: { defense: ['fum_rec'] },
  97: { defense: ['blk_kick'] },
  98: { defense: ['safe'] },
  99: { defense: ['sack'] },
  103: { defense: ['def_td'] },
  104: { defense: ['def_td'] },
  106: { defense: ['ff'] },
  120: { defense: ['pts_allow'] },
  127: { defense: ['yds_allow'] },
  128: { defense: ['yds_allow_0_100'] },
  129: { defense: ['yds_allow_100_199'] },
  130: { defense: ['yds_allow_200_299'] },
  131: { defense: ['yds_allow_300_349'] },
  132: { defense: ['yds_allow_350_399'] },
  133: { defense: ['yds_allow_400_449'] },
  134: { defense: ['yds_allow_450_499'] },
  135: { defense: ['yds_allow_500_549'] },
  136: { defense: ['yds_allow_550p'] },
  206: { defense: ['def_2pt'] },
};

/** Reception points by slot that differ from the base (TE premium and the like) become Sleeper's bonus keys. */
const RECEPTION_STAT_ID = 53;
const RECEPTION_BONUS_BY_SLOT: Readonly<Record<string, string>> = {
  '2': 'bonus_rec_rb',
  '4': 'bonus_rec_wr',
  '6': 'bonus_rec_te',
};

/**
 * ESPN's yardage bonuses are ranges (300–399 passing yards, then 400+); Sleeper's are thresholds that add up
 * (300+, and 400+ on top). The upper threshold is worth the upper range's points less the lower's.
 */
const RANGE_BONUSES: readonly { lower: number; upper: number }[] = [
  { lower: 17, upper: 18 },
  { lower: 37, upper: 38 },
  { lower: 56, upper: 57 },
];

/**
 * ESPN's points-allowed ranges that one Sleeper range spans: 14–20 covers ESPN's 14–17 (92) and 18–21 (121),
 * 21–27 covers 18–21 and 22–27 (122), 35+ covers 35–45 (124) and 46+ (125). Our points match ESPN's only when
 * each group scores alike.
 */
const SPANNED_POINTS_ALLOWED: readonly (readonly number[])[] = [
  [92, 121],
  [121, 122],
  [124, 125],
];

export interface EspnScoringItem {
  statId: number;
  points: number;
  pointsOverrides?: Record<string, number> | undefined;
}

const defensePointsOf = (item: EspnScoringItem): number =>
  item.pointsOverrides?.[String(ESPN_DST_SLOT_ID)] ?? item.points;

/**
 * The league's scoring as Sleeper keys → points per unit. A key fed by several ESPN stats keeps the
 * first (in ESPN_STAT_KEYS' id order); stats we do not know are kept as `espn_<id>` so nothing is lost.
 */
export function toSleeperScoring(items: readonly EspnScoringItem[]): Record<string, number> {
  const scoring: Record<string, number> = {};
  const setOnce = (key: string, points: number) => {
    if (!(key in scoring)) scoring[key] = points;
  };
  const ordered = [...items].sort((a, b) => a.statId - b.statId);
  const pointsOf = new Map(ordered.map((item) => [item.statId, item.points]));
  for (const item of ordered) {
    const keys = ESPN_STAT_KEYS[item.statId];
    const overrides = item.pointsOverrides ?? {};
    if (!keys) {
      setOnce(`espn_${item.statId}`, item.points !== 0 ? item.points : defensePointsOf(item));
      continue;
    }
    const range = RANGE_BONUSES.find((bonus) => bonus.upper === item.statId);
    const playerPoints = range ? item.points - (pointsOf.get(range.lower) ?? 0) : item.points;
    for (const key of keys.player ?? []) setOnce(key, playerPoints);
    for (const key of keys.defense ?? []) setOnce(key, defensePointsOf(item));
    if (item.statId === RECEPTION_STAT_ID) {
      for (const [slot, bonusKey] of Object.entries(RECEPTION_BONUS_BY_SLOT)) {
        const slotPoints = overrides[slot];
        if (slotPoints !== undefined && slotPoints !== item.points)
          setOnce(bonusKey, slotPoints - item.points);
      }
    }
  }
  return scoring;
}

/**
 * The league's ESPN settings our points do not apply as ESPN does, as `espn_<stat id>`, sorted: stats we have no
 * rule for, rules our scorer does not read, points for one lineup slot other than D/ST's (and reception points
 * by position), several ESPN stats feeding one of our rules with different points, and points-allowed ranges
 * our ranges split differently.
 */
export function unsupportedEspnScoring(items: readonly EspnScoringItem[]): string[] {
  const unsupported = new Set<number>();
  const byStatId = new Map(items.map((item) => [item.statId, item]));
  const fedBy = new Map<string, { statId: number; points: number }>();
  for (const item of [...items].sort((a, b) => a.statId - b.statId)) {
    const overrides = Object.entries(item.pointsOverrides ?? {});
    const isScored = item.points !== 0 || overrides.some(([, points]) => points !== 0);
    if (!isScored) continue;
    const keys = ESPN_STAT_KEYS[item.statId];
    if (!keys) {
      unsupported.add(item.statId);
      continue;
    }
    const rules: [string, number][] = [
      ...(keys.player ?? []).map((key): [string, number] => [key, item.points]),
      ...(keys.defense ?? []).map((key): [string, number] => [key, defensePointsOf(item)]),
    ];
    const applied = rules.filter(
      ([key, points]) => points !== 0 && unsupportedScoringKeys({ [key]: points }).length === 0,
    );
    if (applied.length === 0) unsupported.add(item.statId);
    for (const [key, points] of rules) {
      const first = fedBy.get(key);
      if (!first) fedBy.set(key, { statId: item.statId, points });
      else if (first.points !== points) unsupported.add(item.statId);
    }
    const slotsApplied = new Set([
      String(ESPN_DST_SLOT_ID),
      ...(item.statId === RECEPTION_STAT_ID ? Object.keys(RECEPTION_BONUS_BY_SLOT) : []),
    ]);
    if (overrides.some(([slot, points]) => !slotsApplied.has(slot) && points !== item.points)) {
      unsupported.add(item.statId);
    }
  }
  const defenseOf = (statId: number) => {
    const item = byStatId.get(statId);
    return item ? defensePointsOf(item) : 0;
  };
  for (const group of SPANNED_POINTS_ALLOWED) {
    const [first, ...rest] = group;
    for (const statId of rest) if (defenseOf(statId) !== defenseOf(first!)) unsupported.add(statId);
  }
  return [...unsupported].sort((a, b) => a - b).map((statId) => `espn_${statId}`);
}
