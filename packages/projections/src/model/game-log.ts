import type { StatLine } from '../stats/stat-line.js';
import type { ExpertPoints } from './experts.js';

/** What the model remembers of one game a player played. */
export interface GameRecord {
  season: number;
  week: number;
  points: number;
  receptions: number;
  targets: number;
  carries: number;
  rzTargets: number;
  rzTouches: number;
  /** Each expert's projection for that game in the model's scoring (null where it had none). */
  expertPoints: ExpertPoints;
  line: StatLine;
}

export type GameField = 'points' | 'receptions' | 'targets' | 'carries' | 'rzTargets' | 'rzTouches';

/** Mean of a field over games, or null when there are none. */
export function averageOf(games: readonly GameRecord[], field: GameField): number | null {
  if (games.length === 0) return null;
  let sum = 0;
  for (const game of games) sum += game[field];
  return sum / games.length;
}

export function lastGames(games: readonly GameRecord[], count: number): readonly GameRecord[] {
  return games.length <= count ? games : games.slice(games.length - count);
}

export function gamesOfSeason(games: readonly GameRecord[], season: number): GameRecord[] {
  return games.filter((game) => game.season === season);
}
