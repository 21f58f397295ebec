import type { WeekFreshness } from '../projections/week-freshness.js';
import { AppError } from '../../errors.js';
import type { AppLeague, AppMatchup, AppPlayer, AppRoster } from '../../integrations/league-shapes.js';
import type { LeaguePlatform } from './connections.js';
import type { LeaguePlayerProjection } from './projections.js';
import type { ClockSource, LiveGame } from '../live-games/week-games.js';

/** A rostered player of a league details answer: his game state, points and share of his game left always set. */
export type LeaguePlayerWithGame = AppPlayer &
  Required<Pick<AppPlayer, 'game_state' | 'points' | 'fraction_remaining'>>;

export interface LeagueRosterWithGames extends Omit<AppRoster, 'players'> {
  players: {
    starters: LeaguePlayerWithGame[];
    bench: LeaguePlayerWithGame[];
    reserve: LeaguePlayerWithGame[];
  };
}

/** How fresh the week's scores are, for the page's "live scores paused since HH:MM" and "clock estimated". */
export interface LiveScoresAnswer {
  /** Where the games' states and clocks come from. */
  clock_source: ClockSource;
  /** When the week's stats were last refreshed during games (ISO time); null before any game-day refresh. */
  scores_updated_at: string | null;
  /** Set while the stats service fails during games: live scores are not updating since then (ISO time). */
  paused_since: string | null;
}

/** The league page's data: the league, rosters and this week's matchups, plus projections. */
export interface LeagueDetails {
  platform: LeaguePlatform;
  league: AppLeague;
  week: number;
  /** Every game of `week` is over, so the points in `matchups` are final. */
  is_week_complete: boolean;
  /** The roster of the signed-in user's linked account; null when they have none in this league. */
  my_roster_id: number | null;
  rosters: LeagueRosterWithGames[];
  matchups: AppMatchup[];
  /** Keyed by the player_id the rosters use; players without a projection are absent. */
  projections: Record<string, LeaguePlayerProjection>;
  /**
   * Our player id (players.id) of each rostered player linked to our directory, keyed by the
   * roster's player_id: what /matchup/simulate needs. Unlinked players are absent.
   */
  app_player_ids: Record<string, number>;
  /**
   * Points each rostered player scored in `week` by the synced weekly stats, in the league's scoring, keyed like
   * `projections`: banked points where the platform has no per-player number yet (pointsSoFar). Absent: no stats.
   */
  stats_points: Record<string, number>;
  /**
   * Where `league.scoring_settings` come from: the league, the person's preferred scoring (the league does not
   * say), or nowhere (projections stay in PPR).
   */
  scoring_from: 'league' | 'preference' | 'none';
  /** The league's non-zero scoring settings our scorer does not apply (keys, sorted): said, never dropped in silence. */
  scoring_unsupported: string[];
  /** When the platform's data was fetched (ISO time). */
  data_as_of: string;
  /** The platform did not answer: these are the rosters held from `data_as_of`. */
  is_stale: boolean;
  /** When the week's projections last changed and where they come from; null when the week has none. */
  projections_freshness: WeekFreshness | null;
  /** Every NFL game of `week`: state, share left, clock, score, and whether the clock is estimated. */
  games: LiveGame[];
  /** How fresh the week's live scores are. */
  live: LiveScoresAnswer;
}

/** What a platform loader answers before projections are joined. */
export type PlatformLeague = Omit<
  LeagueDetails,
  | 'rosters'
  | 'platform'
  | 'projections'
  | 'app_player_ids'
  | 'stats_points'
  | 'data_as_of'
  | 'is_stale'
  | 'scoring_from'
  | 'scoring_unsupported'
  | 'projections_freshness'
  | 'games'
  | 'live'
> & {
  rosters: AppRoster[];
  /** When the platform gave this answer, when that was before the read (ISO time; absent: just now). */
  fetched_at?: string | undefined;
};

/** 404 rather than 403: whether someone else's league exists is not ours to say. */
export const leagueNotFound = () =>
  new AppError('LEAGUE_NOT_FOUND', 'That league is not one of your linked leagues.', 404);
