import type { LeagueDetails } from '@fm/contract';
import { AppError } from '../../errors.js';
import type { PlatformRoster } from '../../integrations/league-shapes.js';

/** What a platform loader answers before projections and the week's games are joined. */
export type PlatformLeague = Pick<
  LeagueDetails,
  'league' | 'week' | 'is_week_complete' | 'my_roster_id' | 'matchups'
> & {
  rosters: PlatformRoster[];
  /**
   * The platform's own scoring settings our points cannot apply as it does (ESPN, Yahoo), sorted; the answer's
   * `scoring_unsupported` adds the rules our scorer skips.
   */
  scoring_unsupported: string[];
  /**
   * Our player id (players.id) of the players the loader matched itself (ESPN: through Sleeper's directory, else
   * by name, position and team), keyed by the roster's player_id: what their projections and stats are read by.
   */
  app_player_ids: Record<string, number>;
  /** When the platform gave this answer, when that was before the read (ISO time; absent: just now). */
  fetched_at?: string | undefined;
};

/** 404 rather than 403: whether someone else's league exists is not ours to say. */
export const leagueNotFound = () =>
  new AppError('LEAGUE_NOT_FOUND', 'That league is not one of your linked leagues.', 404);
