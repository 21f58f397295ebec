import type { LeagueDetails } from '@fm/contract';
import type { PlatformPlayer, PlatformRoster } from '../../integrations/league-shapes.js';
import type { LeaguePlayerProjection } from './projections.js';
import type { TeamWeekGame } from './schedule.js';
import type { LeagueWeekFacts, RosteredPlayers } from './week-facts.js';
import { memoByIdentity } from '../../memo-by-identity.js';

/** A platform answer's rosters joined to the week's facts: the parts of a league page that do not change by the minute. */
export type RostersWithFacts = Pick<LeagueDetails, 'projections' | 'app_player_ids' | 'stats_points'> & {
  /** Each player with the team he played for that week, its bye week and kickoff. */
  rosters: PlatformRoster[];
};

/**
 * Joined once per (rosters, facts) pair and shared by the answers made from it, which copy what they change: every
 * viewer of a Sleeper league gets the same rosters from the client's cache, and the same facts for a data version.
 */
const joinedOf = memoByIdentity((_facts: LeagueWeekFacts) =>
  memoByIdentity((_rosters: readonly PlatformRoster[]): { joined?: RostersWithFacts } => ({})),
);

export function joinRostersWithFacts(
  rosters: readonly PlatformRoster[],
  rostered: RosteredPlayers,
  facts: LeagueWeekFacts,
): RostersWithFacts {
  const held = joinedOf(facts)(rosters);
  held.joined ??= join(rosters, rostered, facts);
  return held.joined;
}

function join(
  rosters: readonly PlatformRoster[],
  rostered: RosteredPlayers,
  facts: LeagueWeekFacts,
): RostersWithFacts {
  const projections: Record<string, LeaguePlayerProjection> = {};
  const appPlayerIds: Record<string, number> = {};
  const statsPoints: Record<string, number> = {};
  for (const [playerId, ref] of rostered.refByPlayerId) {
    const appId = facts.appIdByRef.get(ref);
    if (appId !== undefined) appPlayerIds[playerId] = appId;
    const projection = facts.projectionByRef.get(ref);
    if (projection) projections[playerId] = projection;
  }
  for (const [playerId, appId] of Object.entries(appPlayerIds)) {
    const points = facts.scoredByAppId.get(appId);
    if (points !== undefined) statsPoints[playerId] = points;
  }
  const weekTeamOf = (player: PlatformPlayer) => {
    const appId = appPlayerIds[player.player_id];
    return appId === undefined ? undefined : facts.weekTeamByAppId.get(appId);
  };
  return {
    rosters: withGames(rosters, facts.gameByTeam, weekTeamOf),
    projections,
    app_player_ids: appPlayerIds,
    stats_points: statsPoints,
  };
}

/**
 * Each player with the team he played for that week (when his stats of the week say it; else his current team),
 * its bye week and kickoff (copies: the held platform answer is not changed). A player with stats that week played
 * then, so he is never shown on a bye.
 */
function withGames(
  rosters: readonly PlatformRoster[],
  games: Map<string, TeamWeekGame>,
  weekTeamOf: (player: PlatformPlayer) => string | undefined,
): PlatformRoster[] {
  const withGame = (player: PlatformPlayer): PlatformPlayer => {
    const weekTeam = weekTeamOf(player);
    const team = weekTeam ?? player.team;
    return {
      ...player,
      team,
      bye_week: weekTeam ? null : (games.get(team)?.bye_week ?? null),
      kickoff: games.get(team)?.kickoff ?? null,
    };
  };
  return rosters.map((roster) => ({
    ...roster,
    players: {
      starters: roster.players.starters.map(withGame),
      bench: roster.players.bench.map(withGame),
      reserve: roster.players.reserve.map(withGame),
    },
  }));
}
