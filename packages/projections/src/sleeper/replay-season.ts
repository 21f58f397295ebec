import type { ProjectedRow, WeeklyStatRow } from '../csv/parse-nflcom-csv.js';
import {
  hasProjectedStatLine,
  NFLCOM_TOTAL_POINTS_PER_RECEPTION,
  type NflcomWeek,
} from '../model/nflcom-projection.js';
import { roundPoints } from '../scoring/round-points.js';
import { scoreStatLine } from '../scoring/score-stat-line.js';
import { SCORING_PRESETS } from '../scoring/scoring-rules.js';
import { emptyStatLine, STAT_KEYS, type Position, type StatLine } from '../stats/stat-line.js';
import { NFL_TEAMS } from '../stats/team-codes.js';
import { defenseLineFacing, teamGames, type TeamGame } from '../stats/team-games.js';
import { sleeperStatsFromLine, TEAM_OFFENSE_PREFIX } from './sleeper-stats.js';

/** The fields of a `GET /v1/players/nfl` entry the product reads. */
export interface SleeperDirectoryEntry {
  player_id: string;
  full_name?: string;
  first_name: string;
  last_name: string;
  search_full_name?: string;
  position: string;
  fantasy_positions: string[];
  team: string | null;
  status?: string;
  injury_status: string | null;
  active: boolean;
  search_rank?: number;
  sport: 'nfl';
}

export type SleeperWeekAnswer = Record<string, Record<string, number>>;

/** A recorded NFL.com season in the shape of Sleeper's answers, for a local fake Sleeper service. */
export interface ReplaySeason {
  season: number;
  /** `GET /v1/players/nfl`. */
  players: Record<string, SleeperDirectoryEntry>;
  /** `GET /v1/stats/nfl/regular/{season}/{week}` of every week with results. */
  stats: Record<number, SleeperWeekAnswer>;
  /** `GET /v1/projections/nfl/regular/{season}/{week}` of every week NFL.com projected. */
  projections: Record<number, SleeperWeekAnswer>;
}

/** Sleeper's id for an unranked player. */
const UNRANKED = 9_999_999;
/** Replay ids are the NFL.com id moved past it, so they never pass for one. */
const REPLAY_ID_OFFSET = 10_000_000;
const RECENT_GAMES_FOR_RECEPTIONS = 8;

export function replayPlayerId(nflId: number): string {
  return String(nflId + REPLAY_ID_OFFSET);
}

/** `GET /v1/state/nfl` in the regular season at `week`. */
export function replayState(season: number, week: number) {
  return {
    week,
    leg: week,
    season: String(season),
    season_type: 'regular',
    league_season: String(season),
    previous_season: String(season - 1),
    season_start_date: `${season}-09-05`,
    display_week: week,
    league_create_season: String(season),
    season_has_scores: true,
  };
}

/** Sleeper's three totals of a line, in our presets. */
function pointsKeys(line: StatLine, position: Position): Record<string, number> {
  return {
    pts_ppr: roundPoints(scoreStatLine(line, SCORING_PRESETS.ppr, position)),
    pts_half_ppr: roundPoints(scoreStatLine(line, SCORING_PRESETS.half, position)),
    pts_std: roundPoints(scoreStatLine(line, SCORING_PRESETS.std, position)),
  };
}

/**
 * A season of NFL.com's files as Sleeper would serve it: the player directory (plus the 32 team
 * defenses), each played week's stat rows (team defenses synthesized from the offense they
 * faced, and TEAM_ rows with the offense's yards so opponents can be paired), and each week's
 * projections — NFL.com's projected lines from 2024, before that its totals only (PPR from its
 * half-PPR total and the player's recent catches) — with team defenses projected by a naive
 * expert: the defense's season-to-date average line (last season's in week 1). `weeks` may hold
 * earlier seasons too (recent catches, last season's defenses); only earlier weeks are read.
 */
export function buildReplaySeason(
  weeks: readonly NflcomWeek[],
  season: number,
  options: { currentWeek?: number } = {},
): ReplaySeason {
  const ordered = [...weeks].sort((a, b) => a.season - b.season || a.week - b.week);
  const games = new Map(ordered.map((week) => [`${week.season}:${week.week}`, teamGames(week.actual ?? [])]));
  const defenseLines = (forSeason: number, beforeWeek: number, team: string): StatLine[] =>
    ordered
      .filter((week) => week.season === forSeason && week.week < beforeWeek)
      .flatMap((week) => {
        const faced = games.get(`${week.season}:${week.week}`)?.get(team)?.opponent;
        const offense = faced ? games.get(`${week.season}:${week.week}`)?.get(faced) : undefined;
        return offense ? [defenseLineFacing(offense)] : [];
      });

  const replay: ReplaySeason = { season, players: {}, stats: {}, projections: {} };
  const receptions = new Map<number, number[]>();
  for (const week of ordered) {
    if (week.season > season) break;
    if (week.season === season) {
      replay.projections[week.week] = projectionsAnswer(week, receptions, (team) => {
        const lines = defenseLines(season, week.week, team);
        return lines.length > 0 ? lines : defenseLines(season - 1, Number.POSITIVE_INFINITY, team);
      });
      if (week.actual)
        replay.stats[week.week] = statsAnswer(week.actual, games.get(`${season}:${week.week}`)!);
    }
    for (const line of week.actual ?? []) {
      const list = receptions.get(line.nflId) ?? [];
      list.push(line.rec);
      receptions.set(line.nflId, list.slice(-RECENT_GAMES_FOR_RECEPTIONS));
    }
  }
  replay.players = directory(
    ordered.filter((week) => week.season === season),
    options.currentWeek,
  );
  return replay;
}

function statsAnswer(lines: readonly WeeklyStatRow[], weekGames: Map<string, TeamGame>): SleeperWeekAnswer {
  const answer: SleeperWeekAnswer = {};
  for (const line of lines) {
    answer[replayPlayerId(line.nflId)] = {
      ...sleeperStatsFromLine(line, line.position),
      ...pointsKeys(line, line.position),
      gp: 1,
    };
  }
  for (const game of weekGames.values()) {
    const offense = weekGames.get(game.opponent);
    if (!offense) continue;
    const line = defenseLineFacing(offense);
    answer[game.team] = {
      ...sleeperStatsFromLine(line, 'DEF'),
      yds_allow: line.ydsAllowed,
      ...pointsKeys(line, 'DEF'),
      gp: 1,
    };
    answer[`${TEAM_OFFENSE_PREFIX}${game.team}`] = { off_yd: game.yards, opp_off_yd: offense.yards, gp: 1 };
  }
  return answer;
}

function projectionsAnswer(
  week: NflcomWeek,
  receptions: ReadonlyMap<number, number[]>,
  defenseHistory: (team: string) => StatLine[],
): SleeperWeekAnswer {
  const answer: SleeperWeekAnswer = {};
  const scheduled = new Set<string>();
  for (const row of week.projected) {
    if (Object.hasOwn(NFL_TEAMS, row.team) && Object.hasOwn(NFL_TEAMS, row.opponent)) scheduled.add(row.team);
    const projected = projectedPlayer(row, receptions.get(row.nflId) ?? []);
    if (projected) answer[replayPlayerId(row.nflId)] = projected;
  }
  for (const team of scheduled) {
    const history = defenseHistory(team);
    if (history.length === 0) continue;
    const line = averageLine(history);
    answer[team] = {
      ...sleeperStatsFromLine(line, 'DEF'),
      yds_allow: Math.round(line.ydsAllowed * 100) / 100,
      ...pointsKeys(line, 'DEF'),
      gp: 1,
    };
  }
  return answer;
}

function projectedPlayer(
  row: ProjectedRow,
  recentReceptions: readonly number[],
): Record<string, number> | null {
  if (row.nflcomPoints === null) return null;
  if (hasProjectedStatLine(row))
    return {
      ...sleeperStatsFromLine(row.stats, row.position),
      ...pointsKeys(row.stats, row.position),
      gp: 1,
    };
  const catches =
    recentReceptions.length > 0 ? recentReceptions.reduce((a, b) => a + b, 0) / recentReceptions.length : 0;
  const perCatch = NFLCOM_TOTAL_POINTS_PER_RECEPTION * catches;
  return {
    pts_half_ppr: roundPoints(row.nflcomPoints),
    pts_ppr: roundPoints(row.nflcomPoints + perCatch),
    pts_std: roundPoints(row.nflcomPoints - perCatch),
    gp: 1,
  };
}

function directory(
  seasonWeeks: readonly NflcomWeek[],
  currentWeek?: number,
): Record<string, SleeperDirectoryEntry> {
  const latest = new Map<number, ProjectedRow | WeeklyStatRow>();
  const projectedTotal = new Map<number, number>();
  const ruledOut = new Set<number>();
  for (const week of seasonWeeks) {
    if (currentWeek !== undefined && week.week > currentWeek) continue;
    for (const row of [...(week.actual ?? []), ...week.projected]) latest.set(row.nflId, row);
    for (const row of week.projected) {
      projectedTotal.set(row.nflId, (projectedTotal.get(row.nflId) ?? 0) + (row.nflcomPoints ?? 0));
      if (week.week === currentWeek && row.nflcomPoints === 0) ruledOut.add(row.nflId);
    }
  }
  const ranked = [...projectedTotal.entries()].sort((a, b) => b[1] - a[1]).map(([nflId]) => nflId);
  const rankOf = new Map(ranked.map((nflId, index) => [nflId, index + 1]));
  const players: Record<string, SleeperDirectoryEntry> = {};
  for (const [nflId, row] of latest) {
    const id = replayPlayerId(nflId);
    const [first = row.name, ...rest] = row.name.split(' ');
    players[id] = {
      player_id: id,
      full_name: row.name,
      first_name: first,
      last_name: rest.join(' '),
      search_full_name: row.name.toLowerCase().replace(/[^a-z]/g, ''),
      position: row.position,
      fantasy_positions: [row.position],
      team: row.team === 'FA' ? null : row.team,
      status: 'Active',
      injury_status: ruledOut.has(nflId) ? 'Out' : null,
      active: true,
      search_rank: rankOf.get(nflId) ?? UNRANKED,
      sport: 'nfl',
    };
  }
  for (const [code, team] of Object.entries(NFL_TEAMS)) {
    players[code] = {
      player_id: code,
      first_name: team.city,
      last_name: team.nickname,
      position: 'DEF',
      fantasy_positions: ['DEF'],
      team: code,
      injury_status: null,
      active: true,
      sport: 'nfl',
    };
  }
  return players;
}

/** The average of lines (a naive expert's projection: the season-to-date mean). */
function averageLine(lines: readonly StatLine[]): StatLine {
  const average = emptyStatLine();
  for (const line of lines) for (const key of STAT_KEYS) average[key] += line[key] / lines.length;
  return average;
}
