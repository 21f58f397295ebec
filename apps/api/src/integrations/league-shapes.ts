import type { PlayerGameState } from '@fm/engine';
/**
 * The app's platform-neutral league shapes. Sleeper and Yahoo answers are both
 * normalized to these, so routers and the web app never see a platform's raw format.
 */

export const UNKNOWN_OWNER_NAME = 'Unknown Owner';
export const UNKNOWN_PLAYER_NAME = 'Unknown Player';
export const UNKNOWN_POSITION = 'N/A';
export { FREE_AGENT_TEAM } from '@fm/projections';

/**
 * Shown when a manager has no avatar. An inline SVG (grey silhouette) so it also renders
 * offline and never depends on a third-party image host.
 */
export const DEFAULT_AVATAR_URL =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#cbd5e1"/>' +
      '<circle cx="32" cy="25" r="11" fill="#64748b"/><path d="M12 54c3-11 11-17 20-17s17 6 20 17" fill="#64748b"/></svg>',
  );

export type LeagueStatus = 'pre_draft' | 'drafting' | 'in_season' | 'complete';

export interface LeagueSettingsSummary {
  num_teams: number;
  playoff_teams: number | null;
  playoff_week_start: number | null;
  /** 1 when every team also plays the league median each week (Sleeper only; 0 elsewhere). */
  league_average_match: number;
  /** 0 redraft, 1 keeper, 2 dynasty (Sleeper's codes); null when the platform does not say. */
  league_type: number | null;
  start_week: number | null;
}

export interface AppLeague {
  league_id: string;
  name: string;
  total_rosters: number;
  season: string;
  status: LeagueStatus | string;
  roster_positions: string[];
  /** Sleeper stat keys (pass_yd, rec…) to points per unit. */
  scoring_settings: Record<string, number>;
  /**
   * ESPN and Yahoo leagues: their settings our points cannot apply as the platform does (`espn_<stat id>`,
   * `yahoo_<stat id>`), sorted. Settings mapped to a key our scorer does not read are among them.
   */
  scoring_unsupported?: string[];
  settings: LeagueSettingsSummary;
  avatar: string | null;
  /** Sleeper leagues: the username they were found through. */
  username?: string;
  /** Yahoo leagues: the week Yahoo considers current. */
  current_week?: number;
}

export interface AppPlayer {
  player_id: string;
  name: string;
  position: string;
  team: string;
  /** Yahoo players: the Sleeper id with the same yahoo_id in the directory, when known. */
  sleeper_id?: string;
  /**
   * ESPN players: our player id (players.id) they were matched to (through the Sleeper directory, else by name,
   * position and team against our own players), the key their projections and stats are read by.
   */
  app_player_id?: number;
  injury_status?: string | null;
  /** His team's bye week of the season, when known. */
  bye_week?: number | null;
  /** Kickoff of his team's game in the week shown (ISO time), when known. */
  kickoff?: string | null;
  /** Where his game of the week shown stands (pre, in, final, bye, out). */
  game_state?: PlayerGameState;
  /** Points scored so far in that week, in the league's scoring (null: none recorded yet). */
  points?: number | null;
  /** Share of his game still to play, 0–1. */
  fraction_remaining?: number;
}

export interface AppRoster {
  roster_id: number;
  owner_id: string | null;
  owner_name: string;
  owner_avatar: string;
  wins: number;
  losses: number;
  ties: number;
  fpts: number;
  fpts_against: number;
  players: {
    starters: AppPlayer[];
    bench: AppPlayer[];
    /** Injured reserve and taxi squad: on the roster but neither starting nor on the bench. */
    reserve: AppPlayer[];
  };
  /** Yahoo rosters: the team key the roster belongs to. */
  team_key?: string;
}

export interface AppMatchup {
  /** Rosters with the same matchup_id play each other; null means no game this week. */
  matchup_id: number | null;
  roster_id: number;
  points: number;
  /** Points per player id; empty when the platform does not report them in this call. */
  players_points: Record<string, number>;
  starters: string[];
  projected_points?: number | null;
}
