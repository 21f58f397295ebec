import type { Position, StatLine } from '../stats/stat-line.js';

/** The outside projections the model can be fed; each may be missing for any player-week. */
export const EXPERTS = ['nflcom', 'sleeper', 'espn'] as const;
export type Expert = (typeof EXPERTS)[number];

/** What one expert published for a player-week. */
export interface ExpertInput {
  /** Its projected stat line, when it published one (scored in the model's own rules). */
  stats: StatLine | null;
  /**
   * Its published total when there is no stat line, and the points per catch of the scoring that
   * total is in (the model adds the difference for the player's recent catches).
   */
  total: { points: number; perReception: number } | null;
}

/** Who played (or is listed) where in a week. `playerId` is any stable numeric id. */
export interface PlayerWeek {
  playerId: number;
  name: string;
  position: Position;
  season: number;
  week: number;
  team: string;
  /** Opponent's team code; '' while the schedule is unknown. */
  opponent: string;
  isHome: boolean;
}

/** A player on a week's slate: someone at least one expert projected (or listed). */
export interface SlateRow extends PlayerWeek {
  experts: Partial<Record<Expert, ExpertInput>>;
}

/** One actual stat line. */
export type ResultRow = PlayerWeek & StatLine;

/** One NFL week as the model sees it: the experts' pre-game slate and, once played, the results. */
export interface WeekData {
  season: number;
  week: number;
  slate: SlateRow[];
  /** Actual stat lines; null while the week has no (complete) results. */
  actual: ResultRow[] | null;
}

/** The pre-game part of a week: all a projection may look at. */
export type WeekSlate = Pick<WeekData, 'season' | 'week' | 'slate'>;

const WEEKS_PER_SEASON_SLOT = 100;

/** A sortable number for (season, week): 2024 week 3 → 202403. */
export function weekOrdinal(season: number, week: number): number {
  return season * WEEKS_PER_SEASON_SLOT + week;
}

export function sortWeeks<T extends { season: number; week: number }>(weeks: readonly T[]): T[] {
  return [...weeks].sort((a, b) => weekOrdinal(a.season, a.week) - weekOrdinal(b.season, b.week));
}
