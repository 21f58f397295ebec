import { defenceProxyPoints, offenceBoxScore } from './defence-proxy.js';
import { kickerPoints, offensivePprPoints } from './ppr-scoring.js';
import { NFLCOM_POSITIONS, type NflcomPosition } from '../csv/nflcomColumns.js';
import { opponentOf, type StatRow, type WeekFiles } from './weekly-rows.js';

export type RolePosition = NflcomPosition | 'DEF';

/** One player's (or one defence's) week: projected and actual PPR points and his place in his team's depth. */
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

// A defence's projection and result, both scored from the offence it faced (see defence-proxy.ts).
function defenceWeeks(files: WeekFiles, games: Map<string, string>): PlayerWeek[] {
  const boxScore = (rows: WeekFiles['projected'], offence: string) =>
    offenceBoxScore(
      rowsOfTeam(rows.QB, offence),
      [...rowsOfTeam(rows.RB, offence), ...rowsOfTeam(rows.WR, offence), ...rowsOfTeam(rows.TE, offence)],
      rowsOfTeam(rows.K, offence),
    );
  return [...games].map(([team, opponent]) => ({
    season: files.season,
    week: files.week,
    id: `DEF-${team}`,
    position: 'DEF' as const,
    team,
    opponent,
    depthRank: 1,
    projected: defenceProxyPoints(boxScore(files.projected, opponent)),
    actual: defenceProxyPoints(boxScore(files.actual, opponent)),
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
  return [...players, ...defenceWeeks(files, games)];
}
