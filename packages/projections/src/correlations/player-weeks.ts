import type { ProjectedRow, WeeklyStatRow } from '../csv/parse-nflcom-csv.js';
import type { NflcomWeek } from '../model/nflcom-projection.js';
import { scoreStatLine } from '../scoring/score-stat-line.js';
import { PPR } from '../scoring/scoring-rules.js';
import type { Position } from '../stats/stat-line.js';
import { isNflTeamCode } from '../stats/team-codes.js';
import { defenseLineFacing, teamGames, type GameLine } from '../stats/team-games.js';

/** One player's (or one defense's) week: projected and actual PPR points and his place in his team's depth. */
export interface PlayerWeek {
  season: number;
  week: number;
  id: string;
  position: Position;
  team: string;
  opponent: string;
  /** 1 = the team's highest-projected player at his position that week. */
  depthRank: number;
  projected: number;
  actual: number;
}

function offensivePlayerWeeks(week: NflcomWeek, actual: readonly WeeklyStatRow[]): PlayerWeek[] {
  const actualById = new Map(actual.map((row) => [row.nflId, row]));
  return week.projected.flatMap((row) => {
    const result = actualById.get(row.nflId);
    if (!result || !isNflTeamCode(row.team) || !isNflTeamCode(row.opponent)) return [];
    return [
      {
        season: week.season,
        week: week.week,
        id: String(row.nflId),
        position: row.position,
        team: row.team,
        opponent: row.opponent,
        depthRank: 0,
        projected: scoreStatLine(row.stats, PPR, row.position),
        actual: scoreStatLine(result, PPR, row.position),
      },
    ];
  });
}

function projectedLine({ stats, position, team, opponent, isHome }: ProjectedRow): GameLine {
  return { ...stats, position, team, opponent, isHome };
}

/**
 * The files have no team-defense lines, so a defense's projection and result are both its line against the
 * offense it faced (points allowed, interceptions, fumbles lost), scored PPR.
 */
function defenseWeeks(week: NflcomWeek, actual: readonly WeeklyStatRow[], games: Map<string, string>) {
  const projectedOffenses = teamGames(week.projected.map(projectedLine));
  const actualOffenses = teamGames(actual);
  return [...games].flatMap(([team, opponent]): PlayerWeek[] => {
    const projected = projectedOffenses.get(opponent);
    const result = actualOffenses.get(opponent);
    if (!projected || !result) return [];
    return [
      {
        season: week.season,
        week: week.week,
        id: `DEF-${team}`,
        position: 'DEF',
        team,
        opponent,
        depthRank: 1,
        projected: scoreStatLine(defenseLineFacing(projected), PPR, 'DEF'),
        actual: scoreStatLine(defenseLineFacing(result), PPR, 'DEF'),
      },
    ];
  });
}

/**
 * Everyone with a game in a played week (none in a week not played yet), with depth ranks by projected points
 * within team and position.
 */
export function buildPlayerWeeks(week: NflcomWeek): PlayerWeek[] {
  if (!week.actual) return [];
  const players = offensivePlayerWeeks(week, week.actual);
  const depth = new Map<string, PlayerWeek[]>();
  for (const player of players) {
    const key = `${player.team}|${player.position}`;
    const group = depth.get(key);
    if (group) group.push(player);
    else depth.set(key, [player]);
  }
  for (const group of depth.values()) {
    group
      .sort((a, b) => b.projected - a.projected)
      .forEach((player, index) => (player.depthRank = index + 1));
  }
  const games = new Map(players.map((player) => [player.team, player.opponent]));
  return [...players, ...defenseWeeks(week, week.actual, games)];
}
