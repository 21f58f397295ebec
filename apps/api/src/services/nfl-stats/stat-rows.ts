import { roundPoints } from '@fm/projections';
import type { UsageSample } from './advanced-metrics.js';
import type { WeekLine } from './week-line.js';

/** Who a row is about: the player's team is the latest one of the lines given. */
export interface PlayerIdentity {
  player_id: string;
  player_name: string;
  position: string;
  team: string;
}

export function identityOf(lines: WeekLine[]): PlayerIdentity | null {
  const last = lines[lines.length - 1];
  if (!last) return null;
  return {
    player_id: String(last.playerId),
    player_name: last.playerName,
    position: last.position,
    team: last.team,
  };
}

/** A weekly stat line as the API answers it: snake_case columns, opponent "@BUF" when away. */
export function weekRow(line: WeekLine, season: number) {
  return {
    player_id: String(line.playerId),
    player_name: line.playerName,
    position: line.position,
    team: line.team,
    season,
    week: line.week,
    opponent: line.isHome ? line.opponent : `@${line.opponent}`,
    is_home: line.isHome,
    played: line.hasPlayed,
    ...line.stats,
    reception_pct: line.receptionPct,
    ...(line.extra ? { extra: line.extra } : {}),
    fantasy_points_ppr: line.points.ppr,
    fantasy_points_half_ppr: line.points.half_ppr,
    fantasy_points_standard: line.points.standard,
  };
}

/** Season totals of the games a player took part in. */
export function seasonRow(identity: PlayerIdentity, season: number, sample: UsageSample) {
  return {
    ...identity,
    season,
    games: sample.games,
    ...roundAll(sample.stats),
    ...(Object.keys(sample.extra).length > 0 ? { extra: roundAll(sample.extra) } : {}),
    fantasy_points_ppr: roundPoints(sample.points.ppr),
    fantasy_points_half_ppr: roundPoints(sample.points.half_ppr),
    fantasy_points_standard: roundPoints(sample.points.standard),
    points_per_game: sample.games > 0 ? roundPoints(sample.points.ppr / sample.games) : 0,
  };
}

function roundAll<T extends Record<string, number>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, roundStat(value)])) as T;
}

/** Stat totals (yards, catches, shares) to the hundredth. */
function roundStat(value: number): number {
  return Math.round(value * 100) / 100;
}
