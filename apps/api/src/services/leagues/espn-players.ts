import { players } from '@fm/db';
import type { CoreDeps } from '../../core-deps.js';
import { linkEspnPlayers } from '../../integrations/espn/player-matching.js';
import type { EspnPlayer } from '../../integrations/espn/schemas.js';
import type { SleeperPlayerDirectory } from '../../integrations/sleeper/schemas.js';
import { createDataCache } from '../data-changes/data-cache.js';
import { appPlayerIdsBySleeperId } from './player-directory.js';

type EspnPlayerToLink = Pick<
  EspnPlayer,
  'id' | 'fullName' | 'firstName' | 'lastName' | 'defaultPositionId' | 'proTeamId'
>;

export interface EspnPlayerKeys {
  /** Sleeper id by ESPN id, for the players Sleeper's directory links (empty when it does not answer). */
  sleeperIdByEspnId: Map<string, string>;
  /** Our player id (players.id) by ESPN id, for every player linked to one of ours. */
  appIdByEspnId: Map<string, number>;
}

/**
 * Our players shaped as a player directory keyed by our id, so ESPN players are matched to them with the same
 * rules as to Sleeper's (normalised name + position, team to break ties, initial + team for nicknames, team
 * defenses by team). Read once per data version.
 */
const ourDirectory = createDataCache<SleeperPlayerDirectory>({ maxEntries: 2 });

function readOurDirectory(deps: Pick<CoreDeps, 'database' | 'dataVersion'>): Promise<SleeperPlayerDirectory> {
  return ourDirectory(deps, 'our-players-directory', async () => {
    const rows = await deps.database.db
      .select({ id: players.id, fullName: players.fullName, position: players.position, team: players.team })
      .from(players);
    const directory: SleeperPlayerDirectory = {};
    for (const row of rows) {
      directory[String(row.id)] = { full_name: row.fullName, position: row.position, team: row.team };
    }
    return directory;
  });
}

/**
 * Links ESPN players to our players: through Sleeper's directory (its espn_id, else name) when it answered and
 * the Sleeper id is one of ours, else by name, position and team against our own players, so a league's
 * players keep their projections while Sleeper is down. One of our players is given to one ESPN player at most.
 */
export async function linkEspnToOurPlayers(
  deps: Pick<CoreDeps, 'database' | 'dataVersion'>,
  espnPlayers: readonly EspnPlayerToLink[],
  sleeperDirectory: SleeperPlayerDirectory | null,
): Promise<EspnPlayerKeys> {
  const sleeperIdByEspnId = sleeperDirectory
    ? linkEspnPlayers(sleeperDirectory, espnPlayers).sleeperIdByEspnId
    : new Map<string, string>();
  const appIdBySleeperId = await appPlayerIdsBySleeperId(deps, [...sleeperIdByEspnId.values()]);
  const appIdByEspnId = new Map<string, number>();
  for (const [espnId, sleeperId] of sleeperIdByEspnId) {
    const appId = appIdBySleeperId.get(sleeperId);
    if (appId !== undefined) appIdByEspnId.set(espnId, appId);
  }
  const unlinked = espnPlayers.filter((player) => !appIdByEspnId.has(String(player.id)));
  if (unlinked.length > 0) {
    const taken = new Set(appIdByEspnId.values());
    const byName = linkEspnPlayers(await readOurDirectory(deps), unlinked).sleeperIdByEspnId;
    for (const [espnId, ourId] of byName) {
      const appId = Number(ourId);
      if (taken.has(appId)) continue;
      appIdByEspnId.set(espnId, appId);
      taken.add(appId);
    }
  }
  return { sleeperIdByEspnId, appIdByEspnId };
}
