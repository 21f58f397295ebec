/**
 * A player's stat line for one week, keyed exactly like the columns of the
 * `player_week_stats` table (packages/db/src/schema.ts), so a parsed row can be
 * spread into an insert without renaming.
 */
export const POSITIONS = ['QB', 'RB', 'WR', 'TE', 'K'] as const;
export type Position = (typeof POSITIONS)[number];

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
] as const;

export const STAT_KEYS = [...OFFENSE_STAT_KEYS, ...USAGE_STAT_KEYS, ...KICKING_STAT_KEYS] as const;
export type StatKey = (typeof STAT_KEYS)[number];
export type StatLine = Record<StatKey, number>;

export function emptyStatLine(): StatLine {
  const line = {} as StatLine;
  for (const key of STAT_KEYS) line[key] = 0;
  return line;
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
