import { players } from '@fm/db';
import type { AppDeps } from '../../deps.js';
import { toSearchName } from '../../integrations/sleeper/player-matching.js';
import type { SleeperPlayerDirectory } from '../../integrations/sleeper/schemas.js';

/** Sleeper keys team defenses by the team's code (its player id is "DEN", "KC"…). */
export const NFL_TEAM_CODES = (
  'ARI ATL BAL BUF CAR CHI CIN CLE DAL DEN DET GB HOU IND JAX KC ' +
  'LAC LAR LV MIA MIN NE NO NYG NYJ PHI PIT SEA SF TB TEN WAS'
).split(' ');

/**
 * One DEF row per NFL team, linked to its Sleeper id from the start and named as the Sleeper
 * directory names it. NFL.com publishes no defense files, and without these rows a line-up's
 * defense could not be simulated on the server. Existing rows are left as they are.
 */
export async function ensureTeamDefenses(deps: AppDeps, directory: SleeperPlayerDirectory): Promise<void> {
  const values = NFL_TEAM_CODES.map((code) => {
    const entry = directory[code];
    const fullName = [entry?.first_name, entry?.last_name].filter(Boolean).join(' ') || `${code} Defense`;
    return {
      fullName,
      firstName: entry?.first_name ?? null,
      lastName: entry?.last_name ?? null,
      searchName: toSearchName(fullName),
      position: 'DEF',
      team: code,
      sleeperId: code,
    };
  });
  await deps.database.db.insert(players).values(values).onConflictDoNothing();
}
