import { defenseProxyPoints, offenseBoxScore } from './defense-proxy.js';
import { kickerPoints, offensivePprPoints } from './ppr-scoring.js';
import { NFLCOM_POSITIONS, type NflcomPosition } from '../csv/nflcom-columns.js';
import { opponentOf, type StatRow, type WeekFiles } from './weekly-rows.js';

export type RolePosition = NflcomPosition | 'DEF';

/** One player's (or one defense's) week: projected and actual PPR points and his place in his team's depth. */
export interface PlayerWeek {
  season: number;
  week: number;
  id: string;
  position: RolePosition;
  team: string;
  opponent: string;
  /** 1 = the team's highest-projected player at his position that week. */
  depthRank: number;
  projected: number;
  actual: number;
}

function scoreRow(position: NflcomPosition, row: StatRow): number {
  return position === 'K' ? kickerPoints(row) : offensivePprPoints(row);
}

function offensivePlayerWeeks(files: WeekFiles, position: NflcomPosition): PlayerWeek[] {
  const actualById = new Map(files.actual[position].map((row) => [row.PlayerId, row]));
  const players: PlayerWeek[] = [];
  for (const row of files.projected[position]) {
    const opponent = opponentOf(row);
    const team = row.Team?.trim();
    const actual = actualById.get(row.PlayerId);
    if (!opponent || !team || team === 'FA' || !actual || !row.PlayerId) continue;
    players.push({
      season: files.season,
      week: files.week,
      id: row.PlayerId,
      position,
      team,
      opponent,
      depthRank: 0,
      projected: scoreRow(position, row),
      actual: scoreRow(position, actual),
    });
  }
  return players;
}

function rowsOfTeam(rows: StatRow[], team: string): StatRow[] {
  return rows.filter((row) => row.Team === team && opponentOf(row) !== null);
}

// A defense's projection and result, both scored from the offense it faced (see defense-proxy.ts).
function defenseWeeks(files: WeekFiles, games: Map<string, string>): PlayerWeek[] {
  const boxScore = (rows: WeekFiles['projected'], offense: string) =>
    offenseBoxScore(
      rowsOfTeam(rows.QB, offense),
      [...rowsOfTeam(rows.RB, offense), ...rowsOfTeam(rows.WR, offense), ...rowsOfTeam(rows.TE, offense)],
      rowsOfTeam(rows.K, offense),
    );
  return [...games].map(([team, opponent]) => ({
    season: files.season,
    week: files.week,
    id: `DEF-${team}`,
    position: 'DEF' as const,
    team,
    opponent,
    depthRank: 1,
    projected: defenseProxyPoints(boxScore(files.projected, opponent)),
    actual: defenseProxyPoints(boxScore(files.actual, opponent)),
  }));
}

/** Everyone with a game that week, with depth ranks by projected points within team and position. */
export function buildPlayerWeeks(files: WeekFiles): PlayerWeek[] {
  const players = NFLCOM_POSITIONS.flatMap((position) => offensivePlayerWeeks(files, position));
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
  return [...players, ...defenseWeeks(files, games)];
}
