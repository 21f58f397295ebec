import type { AppDeps } from '../deps.js';
import { forbidden } from '../errors.js';
import { findConnection, type LeaguePlatform } from './leagues-connections.js';
import type { LeagueDetails } from './leagues-details-shape.js';
import { loadSleeperLeague } from './leagues-details-sleeper.js';
import { loadYahooLeague } from './leagues-details-yahoo.js';
import { appPlayerIdsBySleeperId, ensureSleeperIdsLinked } from './leagues-player-directory.js';
import { type LeaguePlayerProjection, loadLeagueProjections } from './leagues-projections.js';

export type { LeagueDetails };

const notLinked = (platform: LeaguePlatform) =>
  forbidden(`Link your ${platform === 'sleeper' ? 'Sleeper' : 'Yahoo'} account to see its leagues.`);

/**
 * A league of the user's own linked account, with rosters, the requested (or current) week's
 * matchups and the rostered players' projections in the league's scoring. Any other league is a
 * 404; a platform the user has not linked is a 403.
 */
export async function loadLeagueDetails(
  deps: AppDeps,
  userId: string,
  request: { platform: LeaguePlatform; leagueId: string; week?: number | undefined },
): Promise<LeagueDetails> {
  const connection = await findConnection(deps, userId, request.platform);
  if (!connection) throw notLinked(request.platform);
  const loaded =
    request.platform === 'sleeper'
      ? await loadSleeperLeague(deps, connection, request.leagueId, request.week)
      : await loadYahooLeague(deps, connection, request.leagueId, request.week);
  await ensureSleeperIdsLinked(deps);
  const sleeperIdByPlayerId = new Map<string, string>();
  for (const roster of loaded.rosters) {
    for (const player of [...roster.players.starters, ...roster.players.bench, ...roster.players.reserve]) {
      const sleeperId = request.platform === 'sleeper' ? player.player_id : player.sleeper_id;
      if (sleeperId) sleeperIdByPlayerId.set(player.player_id, sleeperId);
    }
  }
  const sleeperIds = [...sleeperIdByPlayerId.values()];
  const [bySleeperId, appIdBySleeperId] = await Promise.all([
    loadLeagueProjections(deps, {
      sleeperIds,
      season: Number(loaded.league.season),
      week: loaded.week,
      scoring: loaded.league.scoring_settings,
    }),
    appPlayerIdsBySleeperId(deps, sleeperIds),
  ]);
  const projections: Record<string, LeaguePlayerProjection> = {};
  const appPlayerIds: Record<string, number> = {};
  for (const [playerId, sleeperId] of sleeperIdByPlayerId) {
    const projection = bySleeperId.get(sleeperId);
    if (projection) projections[playerId] = projection;
    const appId = appIdBySleeperId.get(sleeperId);
    if (appId !== undefined) appPlayerIds[playerId] = appId;
  }
  return { platform: request.platform, ...loaded, projections, app_player_ids: appPlayerIds };
}
