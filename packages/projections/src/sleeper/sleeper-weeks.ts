import type { ExpertInput, ResultRow, SlateRow, WeekData } from '../model/week-data.js';
import { isPosition, STAT_KEYS, type Position } from '../stats/stat-line.js';
import { isNflTeamCode, NFL_TEAM_CODES } from '../stats/team-codes.js';
import { opponentsFromSleeperStats } from './sleeper-opponents.js';
import { isTeamOffenseKey, statLineFromSleeper, type SleeperStats } from './sleeper-stats.js';

/** The directory fields a week's rows need: who the id is and where he plays now. */
export interface SleeperDirectoryPlayer {
  position: string | null;
  team: string | null;
  full_name?: string;
  first_name?: string | null;
  last_name?: string | null;
}

export interface SleeperWeekInput {
  season: number;
  week: number;
  directory: Readonly<Record<string, SleeperDirectoryPlayer>>;
  projections: Readonly<Record<string, SleeperStats>> | null;
  /** The week's stat rows once its games are over; null before. */
  stats: Readonly<Record<string, SleeperStats>> | null;
}

/** A numeric id for a Sleeper id: players' ids are numbers already; team defenses count down from −1. */
export function numericSleeperId(id: string): number {
  const team = NFL_TEAM_CODES.indexOf(id);
  return team >= 0 ? -(team + 1) : Number(id);
}

function positionOf(id: string, directory: SleeperWeekInput['directory']): Position | null {
  if (isNflTeamCode(id)) return 'DEF';
  const position = directory[id]?.position ?? '';
  return isPosition(position) && /^\d+$/.test(id) ? position : null;
}

/** Sleeper's projection as expert input: its stat line, or only its PPR total where it lists no stats. */
export function sleeperExpertInput(stats: SleeperStats, position: Position): ExpertInput | null {
  const { line } = statLineFromSleeper(stats, position);
  if (STAT_KEYS.some((key) => line[key] !== 0)) return { stats: line, total: null };
  const points = stats.pts_ppr;
  return typeof points === 'number' ? { stats: null, total: { points, perReception: 1 } } : null;
}

/**
 * One week of Sleeper's answers as model input, the way a deployment with Sleeper alone sees it:
 * players' teams from the directory, opponents paired from the stat rows (none before the games),
 * home/away unknown (every row reads as home, a constant the fit leaves out).
 */
export function modelWeekFromSleeper(input: SleeperWeekInput): WeekData {
  const { season, week, directory } = input;
  const opponents = input.stats ? opponentsFromSleeperStats(input.stats) : new Map<string, string>();
  const identity = (id: string, position: Position) => {
    const player = directory[id];
    const team = position === 'DEF' ? id : (player?.team ?? 'FA');
    const name =
      player?.full_name ?? ([player?.first_name, player?.last_name].filter(Boolean).join(' ') || id);
    return {
      playerId: numericSleeperId(id),
      name,
      position,
      season,
      week,
      team,
      opponent: opponents.get(team) ?? '',
      isHome: true,
    };
  };
  const slate: SlateRow[] = [];
  for (const [id, stats] of Object.entries(input.projections ?? {})) {
    const position = isTeamOffenseKey(id) ? null : positionOf(id, directory);
    const sleeper = position ? sleeperExpertInput(stats, position) : null;
    if (position && sleeper) slate.push({ ...identity(id, position), experts: { sleeper } });
  }
  let actual: ResultRow[] | null = null;
  if (input.stats) {
    actual = [];
    for (const [id, stats] of Object.entries(input.stats)) {
      const position = isTeamOffenseKey(id) ? null : positionOf(id, directory);
      if (!position || !stats.gp) continue;
      actual.push({ ...identity(id, position), ...statLineFromSleeper(stats, position).line });
    }
    actual.sort((a, b) => a.playerId - b.playerId);
  }
  slate.sort((a, b) => a.playerId - b.playerId);
  return { season, week, slate, actual };
}
