import { createHash } from 'node:crypto';
import { rulesOrPreset, type ScoringRules } from '@fm/projections';
import type { AppDeps } from '../../deps.js';
import type { PlatformPlayer, PlatformRoster } from '../../integrations/league-shapes.js';
import { memoByIdentity } from '../../memo-by-identity.js';
import { createDataCache } from '../data-changes/data-cache.js';
import { loadWeekFreshness, type WeekFreshness } from '../projections/week-freshness.js';
import { loadWeekDepthRanks } from '../projections/depth-ranks.js';
import { loadScoredPoints } from './banked-points.js';
import type { LeaguePlatform } from './connections.js';
import type { PlatformLeague } from './details-shape.js';
import { appPlayerIdsBySleeperId } from './player-directory.js';
import { type LeaguePlayerProjection, loadLeagueProjectionsByAppId } from './projections.js';
import { loadTeamWeekGames, type TeamWeekGame } from './schedule.js';
import { loadWeekTeams } from './week-teams.js';

/**
 * How a rostered player is read in our NFL data: his Sleeper id, or `#` + our player id (players.id) for a player
 * known to us only by our id (ESPN players matched by name while Sleeper is down).
 */
export type PlayerRef = string;

const APP_ID_REF_PREFIX = '#';

/**
 * The reference our NFL data is read by for a rostered player of the platform's answer, when he has one:
 * `appPlayerIds` are the players the platform's loader matched to ours itself.
 */
function playerRefOf(
  player: PlatformPlayer,
  platform: LeaguePlatform,
  appPlayerIds: PlatformLeague['app_player_ids'],
): PlayerRef | undefined {
  if (platform === 'sleeper') return player.player_id;
  const appId = appPlayerIds[player.player_id];
  if (appId !== undefined) return `${APP_ID_REF_PREFIX}${appId}`;
  return player.sleeper_id;
}

/** A platform answer's rostered players, as our NFL data is read for them. */
export interface RosteredPlayers {
  /** The reference of each roster player_id that has one (Sleeper's own ids, Yahoo's mapped ones, ESPN's matched ones). */
  refByPlayerId: Map<string, PlayerRef>;
  /** Each of them as [reference, position on the roster], in roster order. */
  players: [ref: PlayerRef, position: string][];
  /** The NFL teams of every rostered player, once each, sorted. */
  teams: string[];
  /** Digest of `players` and `teams`: equal rosters share their facts. */
  digest: string;
}

/** What a league page joins to its rosters from our NFL data: the same for every viewer of the league. */
export interface LeagueWeekFacts {
  /** Our player id by reference, for the linked players. */
  appIdByRef: Map<PlayerRef, number>;
  /** The week's projection in the league's scoring, with the player's depth rank, by reference. */
  projectionByRef: Map<PlayerRef, LeaguePlayerProjection>;
  /** Points scored this week by the synced stats, in the league's scoring, by our player id. */
  scoredByAppId: Map<number, number>;
  /** The team each player played for this week (his stats say it), by our player id. */
  weekTeamByAppId: Map<number, string>;
  /** Each rostered team's bye week and kickoff. */
  gameByTeam: Map<string, TeamWeekGame>;
  freshness: WeekFreshness;
}

function everyPlayer(rosters: readonly PlatformRoster[]): PlatformPlayer[] {
  return rosters.flatMap((roster) => [
    ...roster.players.starters,
    ...roster.players.bench,
    ...roster.players.reserve,
  ]);
}

/**
 * Per platform answer, by its rosters (the Sleeper client answers the same rosters to every viewer until they
 * expire; the loader's own matches come with them).
 */
const rosteredOf = memoByIdentity(
  (_rosters: readonly PlatformRoster[]): Partial<Record<LeaguePlatform, RosteredPlayers>> => ({}),
);

export function rosteredPlayers(
  loaded: Pick<PlatformLeague, 'rosters' | 'app_player_ids'>,
  platform: LeaguePlatform,
): RosteredPlayers {
  const held = rosteredOf(loaded.rosters);
  return (held[platform] ??= listRosteredPlayers(loaded, platform));
}

function listRosteredPlayers(
  { rosters, app_player_ids }: Pick<PlatformLeague, 'rosters' | 'app_player_ids'>,
  platform: LeaguePlatform,
): RosteredPlayers {
  const refByPlayerId = new Map<string, PlayerRef>();
  for (const player of everyPlayer(rosters)) {
    const ref = playerRefOf(player, platform, app_player_ids);
    if (ref) refByPlayerId.set(player.player_id, ref);
  }
  const positionOf = new Map(everyPlayer(rosters).map((player) => [player.player_id, player.position]));
  const players = [...refByPlayerId].map(([playerId, ref]): [string, string] => [
    ref,
    positionOf.get(playerId) ?? '',
  ]);
  const teams = [...new Set(everyPlayer(rosters).map((player) => player.team))].sort();
  const digest = createHash('sha256')
    .update(JSON.stringify([players, teams]))
    .digest('base64url');
  return { refByPlayerId, players, teams, digest };
}

/** Our player id of each reference that is linked to one. */
async function appIdsOfRefs(deps: AppDeps, refs: PlayerRef[]): Promise<Map<PlayerRef, number>> {
  const sleeperIds = refs.filter((ref) => !ref.startsWith(APP_ID_REF_PREFIX));
  const appIdByRef: Map<PlayerRef, number> = await appPlayerIdsBySleeperId(deps, sleeperIds);
  for (const ref of refs) {
    if (ref.startsWith(APP_ID_REF_PREFIX)) appIdByRef.set(ref, Number(ref.slice(APP_ID_REF_PREFIX.length)));
  }
  return appIdByRef;
}

/**
 * Entries are keyed by data version (every import and stats change bumps it) and by everything the facts are
 * read from, so the viewers of a league share one entry: a push that makes every open page reload the league
 * reads the database once.
 */
const cachedFacts = createDataCache<LeagueWeekFacts>({ maxEntries: 256 });

/** The facts of a league week for its rostered players, read once per data version for all of its viewers. */
export function loadLeagueWeekFacts(
  deps: AppDeps,
  request: { season: number; week: number; scoring: ScoringRules; rostered: RosteredPlayers },
): Promise<LeagueWeekFacts> {
  const { season, week, scoring, rostered } = request;
  const key = `league-week:${season}:${week}:${rostered.digest}:${JSON.stringify(scoring)}`;
  return cachedFacts(deps, key, () => readLeagueWeekFacts(deps, request));
}

async function readLeagueWeekFacts(
  deps: AppDeps,
  request: { season: number; week: number; scoring: ScoringRules; rostered: RosteredPlayers },
): Promise<LeagueWeekFacts> {
  const { season, week, scoring, rostered } = request;
  const appIdByRef = await appIdsOfRefs(
    deps,
    rostered.players.map(([ref]) => ref),
  );
  const appIds = [...new Set(appIdByRef.values())];
  const [byAppId, depthRanks, gameByTeam, freshness] = await Promise.all([
    loadLeagueProjectionsByAppId(deps, { appIds, season, week, scoring }),
    loadWeekDepthRanks(deps, season, week),
    loadTeamWeekGames(deps, { season, week, teams: rostered.teams }),
    loadWeekFreshness(deps, season, week),
  ]);
  const positions = new Map<number, string>();
  const projectionByRef = new Map<PlayerRef, LeaguePlayerProjection>();
  for (const [ref, position] of rostered.players) {
    const appId = appIdByRef.get(ref);
    if (appId === undefined) continue;
    positions.set(appId, position);
    const projection = byAppId.get(appId);
    if (projection) projectionByRef.set(ref, { ...projection, depth_rank: depthRanks.get(appId) ?? null });
  }
  const playerIds = [...positions.keys()];
  const [scoredByAppId, weekTeamByAppId] = await Promise.all([
    loadScoredPoints(deps, {
      playerIds,
      positions,
      season,
      week,
      scoring: rulesOrPreset(scoring),
    }),
    loadWeekTeams(deps, { playerIds, season, week }),
  ]);
  return { appIdByRef, projectionByRef, scoredByAppId, weekTeamByAppId, gameByTeam, freshness };
}
