import type { AppPlayer, AppRoster, LeagueDetails, LiveGame } from '@fm/contract';
import { pointsSoFar } from '@fm/projections';
import type { AppDeps } from '../../deps.js';
import type { PlatformPlayer, PlatformRoster } from '../../integrations/league-shapes.js';
import { memoByIdentity } from '../../memo-by-identity.js';
import { readLiveScoresStatus } from '../live-games/live-scores-status.js';
import { isEveryGameOver, playerGameOf } from '../live-games/player-games.js';
import { liveGamesByTeam, loadLiveWeek } from '../live-games/week-games.js';
import { hasNoGameInWeek } from '@fm/engine';
import type { PlatformLeague } from './details-shape.js';

export type LiveLeagueFields = Pick<LeagueDetails, 'rosters' | 'games' | 'live'>;

/** The last rosters with game states made from one rosters object, and what they were made from. */
interface HeldStates {
  matchups: PlatformLeague['matchups'];
  statsPoints: Record<string, number>;
  facts: string;
  rosters: AppRoster[];
}

/**
 * The rosters with their players' game states, made once per (rosters, games' states) for every answer that has
 * them: every viewer of a league gets the same rosters, and the same games until a clock or score moves. Each
 * rosters object holds the last states made from it.
 */
const statesOf = memoByIdentity((_rosters: readonly PlatformRoster[]): { last?: HeldStates } => ({}));

function rostersWithStates(
  loaded: PlatformLeague,
  rosters: readonly PlatformRoster[],
  statsPoints: Record<string, number>,
  games: readonly LiveGame[],
): AppRoster[] {
  // everything below that is not held by identity
  const facts = JSON.stringify([
    loaded.week,
    loaded.is_week_complete,
    games.map((game) => [game.home_team, game.away_team, game.state, game.fraction_remaining]),
  ]);
  const held = statesOf(rosters);
  const { last } = held;
  if (last && last.matchups === loaded.matchups && last.statsPoints === statsPoints && last.facts === facts) {
    return last.rosters;
  }
  const answer = playerStates(loaded, rosters, statsPoints, games);
  held.last = { matchups: loaded.matchups, statsPoints, facts, rosters: answer };
  return answer;
}

function playerStates(
  loaded: PlatformLeague,
  rosters: readonly PlatformRoster[],
  statsPoints: Record<string, number>,
  games: readonly LiveGame[],
): AppRoster[] {
  const gameOfTeam = liveGamesByTeam(games);
  const teamsPlaying = new Set(gameOfTeam.keys());
  const isOver = isEveryGameOver(games);
  const platformPoints = new Map(
    loaded.matchups.map((matchup) => [matchup.roster_id, matchup.players_points]),
  );
  const withState =
    (rosterId: number) =>
    (player: PlatformPlayer): AppPlayer => {
      const game = gameOfTeam.get(player.team);
      const answer = playerGameOf({
        game: game ? { state: game.state, fractionRemaining: game.fraction_remaining } : null,
        hasNoGameInWeek: hasNoGameInWeek(player.team, teamsPlaying),
        byeWeek: player.bye_week ?? null,
        week: loaded.week,
        isWeekComplete: loaded.is_week_complete,
        isEveryGameOver: isOver,
        injuryStatus: player.injury_status,
        recordedPoints: pointsSoFar(
          platformPoints.get(rosterId)?.[player.player_id],
          statsPoints[player.player_id],
          { isWeekComplete: loaded.is_week_complete },
        ),
      });
      return {
        ...player,
        game_state: answer.state,
        points: answer.points,
        fraction_remaining: answer.fractionRemaining,
      };
    };
  return rosters.map((roster) => ({
    ...roster,
    players: {
      starters: roster.players.starters.map(withState(roster.roster_id)),
      bench: roster.players.bench.map(withState(roster.roster_id)),
      reserve: roster.players.reserve.map(withState(roster.roster_id)),
    },
  }));
}

/**
 * Each rostered player's game_state, points (so far, by pointsSoFar: the platform's per-player points, else the synced
 * weekly stats in the league's rules) and fraction_remaining; the week's games; and how fresh the scores are.
 */
export async function withLiveGameStates(
  deps: AppDeps,
  request: {
    loaded: PlatformLeague;
    rosters: PlatformRoster[];
    season: number;
    statsPoints: Record<string, number>;
  },
): Promise<LiveLeagueFields> {
  const { loaded } = request;
  const [week, status] = await Promise.all([
    loadLiveWeek(deps, {
      season: request.season,
      week: loaded.week,
      isWeekComplete: loaded.is_week_complete,
    }),
    readLiveScoresStatus(deps.database),
  ]);
  return {
    rosters: rostersWithStates(loaded, request.rosters, request.statsPoints, week.games),
    games: week.games,
    live: {
      clock_source: week.clock_source,
      scores_updated_at: status.updatedAt,
      paused_since: loaded.is_week_complete ? null : status.pausedSince,
    },
  };
}
