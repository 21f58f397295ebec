/**
 * A player's stat line for one week, keyed exactly like the columns of the
 * `player_week_stats` table (packages/db/src/schema.ts), so a parsed row can be
 * spread into an insert without renaming.
 */
import { POSITIONS, type Position } from '@fm/engine';

/** Fantasy positions, team defenses ('DEF', keyed by team code) included. */
export { POSITIONS, type Position };

export const OFFENSE_STAT_KEYS = [
  'passYd',
  'passTd',
  'passInt',
  'rushYd',
  'rushTd',
  'rec',
  'recYd',
  'recTd',
  'retTd',
  'fumTd',
  'twoPt',
  'fumLost',
] as const;

export const USAGE_STAT_KEYS = [
  'carries',
  'touches',
  'targets',
  'receptionPct',
  'rzTargets',
  'rzTouches',
  'rzG2g',
] as const;

export const KICKING_STAT_KEYS = [
  'patMade',
  'patMissed',
  'fgMade0_19',
  'fgMade20_29',
  'fgMade30_39',
  'fgMade40_49',
  'fgMade50',
  'fgMiss0_19',
  'fgMiss20_29',
  'fgMiss30_39',
  'fgMiss40_49',
  'fgMiss50',
] as const;

/**
 * A team defense/special teams line. `defTd` counts touchdowns by the defense (interception and
 * fumble returns), `defStTd` kick and punt return touchdowns; the `defSt*` turnovers happen on
 * special-teams plays. `ptsAllowed`/`ydsAllowed` are the opponent's points and yards.
 */
export const DEFENSE_STAT_KEYS = [
  'defSack',
  'defInt',
  'defFumRec',
  'defTd',
  'defStTd',
  'defSafety',
  'defBlockedKick',
  'defForcedFumble',
  'defStForcedFumble',
  'defStFumRec',
  'ptsAllowed',
  'ydsAllowed',
] as const;

/**
 * Figures some leagues score beyond the usual ones: pass attempts and completions, first downs (by
 * passing, rushing, receiving), touchdowns of 40+ and 50+ yards (a 55-yard TD counts in both), kick and punt
 * return yards, a player's special-teams fumble recoveries and forced fumbles, field goals of 60+ yards
 * (also counted in the 50+ columns) and the yards of made field goals.
 */
export const SCORING_DETAIL_STAT_KEYS = [
  'passAtt',
  'passCmp',
  'passFd',
  'rushFd',
  'recFd',
  'passTd40p',
  'passTd50p',
  'rushTd40p',
  'rushTd50p',
  'recTd40p',
  'recTd50p',
  'krYd',
  'prYd',
  'stFumRec',
  'stForcedFumble',
  'fgMade60',
  'fgMiss60',
  'fgMadeYd',
] as const;

export const STAT_KEYS = [
  ...OFFENSE_STAT_KEYS,
  ...USAGE_STAT_KEYS,
  ...KICKING_STAT_KEYS,
  ...DEFENSE_STAT_KEYS,
  ...SCORING_DETAIL_STAT_KEYS,
] as const;
export type StatKey = (typeof STAT_KEYS)[number];
export type StatLine = Record<StatKey, number>;

/** A zero line, written out so every line shares one object shape (this runs once per parsed row). */
export function emptyStatLine(): StatLine {
  return {
    passYd: 0,
    passTd: 0,
    passInt: 0,
    rushYd: 0,
    rushTd: 0,
    rec: 0,
    recYd: 0,
    recTd: 0,
    retTd: 0,
    fumTd: 0,
    twoPt: 0,
    fumLost: 0,
    carries: 0,
    touches: 0,
    targets: 0,
    receptionPct: 0,
    rzTargets: 0,
    rzTouches: 0,
    rzG2g: 0,
    patMade: 0,
    patMissed: 0,
    fgMade0_19: 0,
    fgMade20_29: 0,
    fgMade30_39: 0,
    fgMade40_49: 0,
    fgMade50: 0,
    fgMiss0_19: 0,
    fgMiss20_29: 0,
    fgMiss30_39: 0,
    fgMiss40_49: 0,
    fgMiss50: 0,
    defSack: 0,
    defInt: 0,
    defFumRec: 0,
    defTd: 0,
    defStTd: 0,
    defSafety: 0,
    defBlockedKick: 0,
    defForcedFumble: 0,
    defStForcedFumble: 0,
    defStFumRec: 0,
    ptsAllowed: 0,
    ydsAllowed: 0,
    passAtt: 0,
    passCmp: 0,
    passFd: 0,
    rushFd: 0,
    recFd: 0,
    passTd40p: 0,
    passTd50p: 0,
    rushTd40p: 0,
    rushTd50p: 0,
    recTd40p: 0,
    recTd50p: 0,
    krYd: 0,
    prYd: 0,
    stFumRec: 0,
    stForcedFumble: 0,
    fgMade60: 0,
    fgMiss60: 0,
    fgMadeYd: 0,
  };
}

export function isPosition(value: string): value is Position {
  return (POSITIONS as readonly string[]).includes(value);
}

/** Copies the stat columns out of any object that carries them (a parsed row, a DB row). */
export function statLineOf(source: Partial<Record<StatKey, number | null>>): StatLine {
  const line = emptyStatLine();
  for (const key of STAT_KEYS) line[key] = source[key] ?? 0;
  return line;
}
