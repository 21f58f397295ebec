import type { FantasyPoints } from './fantasy-points.js';
import type { StatValues } from './stat-columns.js';

/** One player's game: the stat line as imported, with its fantasy points. */
export interface WeekLine {
  playerId: number;
  playerName: string;
  position: string;
  /** The player's team that week (players move). */
  team: string;
  week: number;
  opponent: string;
  isHome: boolean;
  stats: StatValues;
  receptionPct: number | null;
  /** Columns an import supplied beyond NFL.com's (air yards, routes, snaps…). */
  extra: Record<string, number> | null;
  points: FantasyPoints;
  /** False for a listed player without a single stat (inactive or did not touch the ball). */
  hasPlayed: boolean;
}
