import { type MatchReport, matchPlayers } from '../sleeper/player-matching.js';
import type { SleeperPlayerDirectory } from '../sleeper/schemas.js';
import { ESPN_POSITIONS, ESPN_PRO_TEAMS } from './ids.js';
import { espnPlayerName } from './normalize.js';
import type { EspnPlayer } from './schemas.js';

export interface EspnPlayerLinks {
  /** Sleeper id by ESPN player id. */
  sleeperIdByEspnId: Map<string, string>;
  /** How the name, position and team matching went (players linked by espn_id are not in it). */
  report: MatchReport;
  /** Players linked through the directory's espn_id. */
  linkedByEspnId: number;
}

/**
 * Links ESPN players to Sleeper directory entries (the ids our projections are keyed by): first by the
 * directory's own espn_id, then by name + position (team to break ties, initial + team for nicknames);
 * team defenses by their pro team. Anything uncertain stays unlinked.
 */
export function linkEspnPlayers(
  directory: SleeperPlayerDirectory,
  espnPlayers: readonly Pick<
    EspnPlayer,
    'id' | 'fullName' | 'firstName' | 'lastName' | 'defaultPositionId' | 'proTeamId'
  >[],
): EspnPlayerLinks {
  const sleeperIdByEspnId = new Map<string, string>();
  const byEspnId = new Map<string, string>();
  for (const [sleeperId, entry] of Object.entries(directory)) {
    if (entry.espn_id !== null && entry.espn_id !== undefined) byEspnId.set(String(entry.espn_id), sleeperId);
  }
  const unique = new Map(espnPlayers.map((player) => [String(player.id), player]));
  const toMatch: { espnId: string; fullName: string; position: string; team: string | null }[] = [];
  for (const [espnId, player] of unique) {
    const direct = byEspnId.get(espnId);
    if (direct) sleeperIdByEspnId.set(espnId, direct);
    else
      toMatch.push({
        espnId,
        fullName: espnPlayerName(player),
        position: ESPN_POSITIONS.get(player.defaultPositionId) ?? '',
        team: ESPN_PRO_TEAMS.get(player.proTeamId) ?? null,
      });
  }
  const linkedByEspnId = sleeperIdByEspnId.size;
  const result = matchPlayers(directory, toMatch);
  for (const match of result.matches) sleeperIdByEspnId.set(match.player.espnId, match.sleeperId);
  return { sleeperIdByEspnId, report: result.report, linkedByEspnId };
}
