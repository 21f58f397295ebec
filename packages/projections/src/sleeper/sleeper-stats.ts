import { pointsAllowedBucket } from '../scoring/defense-points.js';
import { emptyStatLine, type Position, type StatKey, type StatLine } from '../stats/stat-line.js';

/** A Sleeper stat or projection map for one player or team-week (`GET /v1/stats/nfl/regular/{season}/{week}`). */
export type SleeperStats = Readonly<Record<string, number>>;

/**
 * Usage figures beyond the stat columns, named as `player_week_stats.extra` keeps them (the
 * advanced metrics read them there): offensive snaps, the team's offensive snaps, air yards.
 */
export interface SleeperUsage {
  snaps?: number;
  team_snaps?: number;
  air_yards?: number;
  routes?: number;
}

const USAGE_KEYS = [
  { usage: 'snaps', sleeper: 'off_snp' },
  { usage: 'team_snaps', sleeper: 'tm_off_snp' },
  { usage: 'air_yards', sleeper: 'rec_air_yd' },
] as const satisfies readonly { usage: keyof SleeperUsage; sleeper: string }[];

/** Stat keys read one-to-one from a Sleeper key (players and kickers). */
const PLAYER_KEYS = [
  { stat: 'passYd', sleeper: 'pass_yd' },
  { stat: 'passTd', sleeper: 'pass_td' },
  { stat: 'passInt', sleeper: 'pass_int' },
  { stat: 'rushYd', sleeper: 'rush_yd' },
  { stat: 'rushTd', sleeper: 'rush_td' },
  { stat: 'rec', sleeper: 'rec' },
  { stat: 'recYd', sleeper: 'rec_yd' },
  { stat: 'recTd', sleeper: 'rec_td' },
  { stat: 'fumTd', sleeper: 'fum_rec_td' },
  { stat: 'fumLost', sleeper: 'fum_lost' },
  { stat: 'carries', sleeper: 'rush_att' },
  { stat: 'targets', sleeper: 'rec_tgt' },
  { stat: 'rzTargets', sleeper: 'rec_rz_tgt' },
  // Sleeper counts red-zone carries but not red-zone catches; carries stand for red-zone touches.
  { stat: 'rzTouches', sleeper: 'rush_rz_att' },
  { stat: 'patMade', sleeper: 'xpm' },
  { stat: 'patMissed', sleeper: 'xpmiss' },
  { stat: 'fgMade0_19', sleeper: 'fgm_0_19' },
  { stat: 'fgMade20_29', sleeper: 'fgm_20_29' },
  { stat: 'fgMade30_39', sleeper: 'fgm_30_39' },
  { stat: 'fgMade40_49', sleeper: 'fgm_40_49' },
  { stat: 'fgMiss0_19', sleeper: 'fgmiss_0_19' },
  { stat: 'fgMiss20_29', sleeper: 'fgmiss_20_29' },
  { stat: 'fgMiss30_39', sleeper: 'fgmiss_30_39' },
  { stat: 'fgMiss40_49', sleeper: 'fgmiss_40_49' },
  { stat: 'passAtt', sleeper: 'pass_att' },
  { stat: 'passCmp', sleeper: 'pass_cmp' },
  { stat: 'passFd', sleeper: 'pass_fd' },
  { stat: 'rushFd', sleeper: 'rush_fd' },
  { stat: 'recFd', sleeper: 'rec_fd' },
  { stat: 'passTd40p', sleeper: 'pass_td_40p' },
  { stat: 'passTd50p', sleeper: 'pass_td_50p' },
  { stat: 'rushTd40p', sleeper: 'rush_td_40p' },
  { stat: 'rushTd50p', sleeper: 'rush_td_50p' },
  { stat: 'recTd40p', sleeper: 'rec_td_40p' },
  { stat: 'recTd50p', sleeper: 'rec_td_50p' },
  { stat: 'krYd', sleeper: 'kr_yd' },
  { stat: 'prYd', sleeper: 'pr_yd' },
  { stat: 'stFumRec', sleeper: 'st_fum_rec' },
  { stat: 'stForcedFumble', sleeper: 'st_ff' },
  { stat: 'fgMade60', sleeper: 'fgm_60p' },
  { stat: 'fgMiss60', sleeper: 'fgmiss_60p' },
  { stat: 'fgMadeYd', sleeper: 'fgm_yds' },
] as const satisfies readonly { stat: StatKey; sleeper: string }[];

/** Team-defense stat keys read one-to-one from a Sleeper key. */
const DEFENSE_KEYS = [
  { stat: 'defSack', sleeper: 'sack' },
  { stat: 'defInt', sleeper: 'int' },
  { stat: 'defFumRec', sleeper: 'fum_rec' },
  { stat: 'defTd', sleeper: 'def_td' },
  { stat: 'defSafety', sleeper: 'safe' },
  { stat: 'defBlockedKick', sleeper: 'blk_kick' },
  { stat: 'defForcedFumble', sleeper: 'ff' },
  { stat: 'defStForcedFumble', sleeper: 'def_st_ff' },
  { stat: 'defStFumRec', sleeper: 'def_st_fum_rec' },
  { stat: 'ptsAllowed', sleeper: 'pts_allow' },
  { stat: 'ydsAllowed', sleeper: 'yds_allow' },
] as const satisfies readonly { stat: StatKey; sleeper: string }[];

/** The 2-point key a position's conversions are written under (our line has one 2-point column). */
const TWO_POINT_KEY: Record<Exclude<Position, 'DEF'>, string> = {
  QB: 'pass_2pt',
  RB: 'rush_2pt',
  WR: 'rec_2pt',
  TE: 'rec_2pt',
  K: 'rec_2pt',
};
const TWO_POINT_KEYS = ['pass_2pt', 'rush_2pt', 'rec_2pt'] as const;

/** Sleeper's row for a team's offense ("TEAM_KC"): team totals, not a fantasy player. */
export const TEAM_OFFENSE_PREFIX = 'TEAM_';

export function isTeamOffenseKey(id: string): boolean {
  return id.startsWith(TEAM_OFFENSE_PREFIX);
}

const value = (stats: SleeperStats, key: string): number => {
  const raw = stats[key];
  return typeof raw === 'number' && Number.isFinite(raw) ? raw : 0;
};

/** The first key the map holds, else the sum of the parts (Sleeper names a total or its split). */
function totalOrParts(stats: SleeperStats, total: string, parts: readonly string[]): number {
  if (stats[total] !== undefined) return value(stats, total);
  return parts.reduce((sum, key) => sum + value(stats, key), 0);
}

const RECEPTION_PCT_DECIMALS = 10;

/**
 * A Sleeper stat (or projection) map as our stat line, plus the usage figures kept beside it.
 * Return TDs: a player's `st_td` is his kick/punt return TDs (`kr_td` + `pr_td` when absent); a
 * defense's `def_st_td` (its projections name it `st_td`). Each is read once, never both.
 */
export function statLineFromSleeper(
  stats: SleeperStats,
  position: Position,
): { line: StatLine; usage: SleeperUsage } {
  const line = emptyStatLine();
  const usage: SleeperUsage = {};
  if (position === 'DEF') {
    for (const { stat, sleeper } of DEFENSE_KEYS) line[stat] = value(stats, sleeper);
    line.defStTd = totalOrParts(stats, 'def_st_td', ['st_td']);
    return { line, usage };
  }
  for (const { stat, sleeper } of PLAYER_KEYS) line[stat] = value(stats, sleeper);
  line.retTd = totalOrParts(stats, 'st_td', ['kr_td', 'pr_td']);
  line.twoPt = TWO_POINT_KEYS.reduce((sum, key) => sum + value(stats, key), 0);
  line.touches = line.carries + line.rec;
  line.receptionPct =
    line.targets > 0 ? Math.round((1000 * line.rec) / line.targets) / RECEPTION_PCT_DECIMALS : 0;
  line.fgMade50 = totalOrParts(stats, 'fgm_50p', ['fgm_50_59', 'fgm_60p']);
  line.fgMiss50 = totalOrParts(stats, 'fgmiss_50p', ['fgmiss_50_59', 'fgmiss_60p']);
  for (const { usage: name, sleeper } of USAGE_KEYS) {
    if (stats[sleeper] !== undefined) usage[name] = value(stats, sleeper);
  }
  return { line, usage };
}

/**
 * The inverse: a stat line (and usage) in Sleeper's keys, zeros left out as Sleeper leaves them
 * out. Used to serve recorded seasons in Sleeper's shape; `statLineFromSleeper` of the result
 * gives the line back.
 */
export function sleeperStatsFromLine(
  line: StatLine,
  position: Position,
  usage: SleeperUsage = {},
): Record<string, number> {
  const stats: Record<string, number> = {};
  const put = (key: string, amount: number) => {
    if (amount !== 0) stats[key] = amount;
  };
  if (position === 'DEF') {
    for (const { stat, sleeper } of DEFENSE_KEYS) put(sleeper, line[stat]);
    put('def_st_td', line.defStTd);
    // Sleeper's stat rows carry the points-allowed bucket as a 1
    const bucket = pointsAllowedBucket(line.ptsAllowed);
    if (bucket) stats[bucket] = 1;
    stats.pts_allow = line.ptsAllowed;
    return stats;
  }
  for (const { stat, sleeper } of PLAYER_KEYS) put(sleeper, line[stat]);
  put('st_td', line.retTd);
  put(TWO_POINT_KEY[position], line.twoPt);
  put('fgm_50p', line.fgMade50);
  put('fgmiss_50p', line.fgMiss50);
  for (const { usage: name, sleeper } of USAGE_KEYS) {
    const amount = usage[name];
    if (amount !== undefined) stats[sleeper] = amount;
  }
  return stats;
}
