import { nflSeasonOn } from '@fm/contract';
import type { CoreDeps } from '../../core-deps.js';
import type { LeagueClients } from './clients.js';

/** The NFL season in progress (or about to start), as Sleeper reports it; the calendar otherwise. */
export async function currentNflSeason(
  deps: Pick<CoreDeps, 'log'> & { leagues: Pick<LeagueClients, 'sleeper'> },
  now = new Date(),
): Promise<string> {
  try {
    const state = await deps.leagues.sleeper.getNflState();
    return state.league_season || state.season;
  } catch (error) {
    deps.log.warn({ err: error }, 'Sleeper NFL state unavailable; using the calendar season');
    return String(nflSeasonOn(now));
  }
}
