import type { AppDeps } from '../../deps.js';
import { type AppPlayer, type AppRoster, FREE_AGENT_TEAM } from '../../integrations/league-shapes.js';
import { readLiveScoresStatus } from '../live-games/live-scores-status.js';
import { isEveryGameOver, playerGameOf } from '../live-games/player-games.js';
import { type LiveGame, liveGamesByTeam, loadLiveWeek } from '../live-games/week-games.js';
import type {
  LeaguePlayerWithGame,
  LeagueRosterWithGames,
  LiveScoresAnswer,
  PlatformLeague,
} from './details-shape.js';

export interface LiveLeagueFields {
  rosters: LeagueRosterWithGames[];
  games: LiveGame[];
  live: LiveScoresAnswer;
}

/**
 * Each rostered player's game_state, points (so far, league scoring: the synced weekly stats, else the platform's
 * per-player points) and fraction_remaining; the week's games; and how fresh the scores are.
 */
export async function withLiveGameStates(
  deps: AppDeps,
  request: {
    loaded: PlatformLeague;
    rosters: AppRoster[];
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
  const gameOfTeam = liveGamesByTeam(week.games);
  const isOver = isEveryGameOver(week.games);
  const platformPoints = new Map(
    loaded.matchups.map((matchup) => [matchup.roster_id, matchup.players_points]),
  );
  const withState =
    (rosterId: number) =>
    (player: AppPlayer): LeaguePlayerWithGame => {
      const game = gameOfTeam.get(player.team);
      const answer = playerGameOf({
        game: game ? { state: game.state, fractionRemaining: game.fraction_remaining } : null,
        // a player the directory does not place on a team (FA) cannot be said to have no game
        isScheduleKnown: week.games.length > 0 && player.team !== FREE_AGENT_TEAM,
        byeWeek: player.bye_week ?? null,
        week: loaded.week,
        isWeekComplete: loaded.is_week_complete,
        isEveryGameOver: isOver,
        injuryStatus: player.injury_status,
        recordedPoints:
          request.statsPoints[player.player_id] ?? platformPoints.get(rosterId)?.[player.player_id] ?? null,
      });
      return {
        ...player,
        game_state: answer.state,
        points: answer.points,
        fraction_remaining: answer.fractionRemaining,
      };
    };
  return {
    rosters: request.rosters.map((roster) => ({
      ...roster,
      players: {
        starters: roster.players.starters.map(withState(roster.roster_id)),
        bench: roster.players.bench.map(withState(roster.roster_id)),
        reserve: roster.players.reserve.map(withState(roster.roster_id)),
      },
    })),
    games: week.games,
    live: {
      clock_source: week.clock_source,
      scores_updated_at: status.updatedAt,
      paused_since: loaded.is_week_complete ? null : status.pausedSince,
    },
  };
}
