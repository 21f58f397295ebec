import { createHash } from 'node:crypto';
import { rulesOrPreset, type ScoringRules } from '@fm/projections';
import type { AppDeps } from '../../deps.js';
import type { AppPlayer, AppRoster } from '../../integrations/league-shapes.js';
import { createDataCache } from '../data-changes/data-cache.js';
import { loadWeekFreshness, type WeekFreshness } from '../projections/week-freshness.js';
import { loadWeekDepthRanks } from '../simulation/players.js';
import { loadScoredPoints } from './banked-points.js';
import type { LeaguePlatform } from './connections.js';
import { appPlayerIdsBySleeperId } from './player-directory.js';
import { type LeaguePlayerProjection, loadLeagueProjections } from './projections.js';
import { loadTeamWeekGames, type TeamWeekGame } from './schedule.js';
import { loadWeekTeams } from './week-teams.js';

/** A platform answer's rostered players, as our NFL data is read for them. */
export interface RosteredPlayers {
  /** The Sleeper id of each roster player_id that has one (Sleeper's own ids, or Yahoo's mapped ones). */
  sleeperIdByPlayerId: Map<string, string>;
  /** Each of them as [Sleeper id, position on the roster], in roster order. */
  players: [sleeperId: string, position: string][];
  /** The NFL teams of every rostered player, once each, sorted. */
  teams: string[];
  /** Digest of `players` and `teams`: equal rosters share their facts. */
  digest: string;
}

/** What a league page joins to its rosters from our NFL data: the same for every viewer of the league. */
export interface LeagueWeekFacts {
  /** Our player id by Sleeper id, for the linked players. */
  appIdBySleeperId: Map<string, number>;
  /** The week's projection in the league's scoring, with the player's depth rank, by Sleeper id. */
  projectionBySleeperId: Map<string, LeaguePlayerProjection>;
  /** Points scored this week by the synced stats, in the league's scoring, by our player id. */
  scoredByAppId: Map<number, number>;
  /** The team each player played for this week (his stats say it), by our player id. */
  weekTeamByAppId: Map<number, string>;
  /** Each rostered team's bye week and kickoff. */
  gameByTeam: Map<string, TeamWeekGame>;
  freshness: WeekFreshness;
}

export function everyPlayer(rosters: readonly AppRoster[]): AppPlayer[] {
  return rosters.flatMap((roster) => [
    ...roster.players.starters,
    ...roster.players.bench,
    ...roster.players.reserve,
  ]);
}

/** Per platform answer (the Sleeper client answers the same rosters to every viewer until they expire). */
const rosteredOf = new WeakMap<
  readonly AppRoster[],
  { platform: LeaguePlatform; rostered: RosteredPlayers }
>();

export function rosteredPlayers(rosters: readonly AppRoster[], platform: LeaguePlatform): RosteredPlayers {
  const held = rosteredOf.get(rosters);
  if (held?.platform === platform) return held.rostered;
  const sleeperIdByPlayerId = new Map<string, string>();
  for (const player of everyPlayer(rosters)) {
    const sleeperId = platform === 'sleeper' ? player.player_id : player.sleeper_id;
    if (sleeperId) sleeperIdByPlayerId.set(player.player_id, sleeperId);
  }
  const positionOf = new Map(everyPlayer(rosters).map((player) => [player.player_id, player.position]));
  const players = [...sleeperIdByPlayerId].map(([playerId, sleeperId]): [string, string] => [
    sleeperId,
    positionOf.get(playerId) ?? '',
  ]);
  const teams = [...new Set(everyPlayer(rosters).map((player) => player.team))].sort();
  const digest = createHash('sha256')
    .update(JSON.stringify([players, teams]))
    .digest('base64url');
  const rostered = { sleeperIdByPlayerId, players, teams, digest };
  rosteredOf.set(rosters, { platform, rostered });
  return rostered;
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
  return cachedFacts(deps.database, key, () => readLeagueWeekFacts(deps, request));
}

async function readLeagueWeekFacts(
  deps: AppDeps,
  request: { season: number; week: number; scoring: ScoringRules; rostered: RosteredPlayers },
): Promise<LeagueWeekFacts> {
  const { season, week, scoring, rostered } = request;
  const sleeperIds = rostered.players.map(([sleeperId]) => sleeperId);
  const [bySleeperId, appIdBySleeperId, depthRanks, gameByTeam, freshness] = await Promise.all([
    loadLeagueProjections(deps, { sleeperIds, season, week, scoring }),
    appPlayerIdsBySleeperId(deps, sleeperIds),
    loadWeekDepthRanks(deps.database, season, week),
    loadTeamWeekGames(deps, { season, week, teams: rostered.teams }),
    loadWeekFreshness(deps.database, season, week),
  ]);
  const positions = new Map<number, string>();
  for (const [sleeperId, position] of rostered.players) {
    const appId = appIdBySleeperId.get(sleeperId);
    if (appId !== undefined) positions.set(appId, position);
  }
  const projectionBySleeperId = new Map<string, LeaguePlayerProjection>();
  for (const [sleeperId, projection] of bySleeperId) {
    const appId = appIdBySleeperId.get(sleeperId);
    const depthRank = appId === undefined ? null : (depthRanks.get(appId) ?? null);
    projectionBySleeperId.set(sleeperId, { ...projection, depth_rank: depthRank });
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
  return { appIdBySleeperId, projectionBySleeperId, scoredByAppId, weekTeamByAppId, gameByTeam, freshness };
}
