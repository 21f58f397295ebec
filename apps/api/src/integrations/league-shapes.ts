import type { AppPlayer, AppRoster } from '@fm/contract';

/**
 * The app's platform-neutral league shapes (the contract's AppLeague, AppRoster, AppMatchup). Sleeper, Yahoo and
 * ESPN answers are all normalized to these, so routers and the web app never see a platform's raw format.
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

export type { AppLeague, AppMatchup, LeagueSettingsSummary } from '@fm/contract';

export type LeagueStatus = 'pre_draft' | 'drafting' | 'in_season' | 'complete';

/** Where a player's game of the week stands: set once the week's games are joined, never by a platform. */
type PlayerGameFields = 'game_state' | 'points' | 'fraction_remaining';

/** A rostered player as a platform answers him, before his game of the week is joined. */
export type PlatformPlayer = Omit<AppPlayer, PlayerGameFields>;

/** A roster as a platform answers it, before its players' games of the week are joined. */
export type PlatformRoster = Omit<AppRoster, 'players'> & {
  players: { starters: PlatformPlayer[]; bench: PlatformPlayer[]; reserve: PlatformPlayer[] };
};
