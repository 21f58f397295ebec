import { players } from '@fm/db';
import { NFL_TEAM_CODES } from '@fm/projections';
import type { CoreDeps } from '../../core-deps.js';
import { toSearchName } from '../../integrations/sleeper/player-matching.js';
import type { SleeperPlayerDirectory } from '../../integrations/sleeper/schemas.js';

/**
 * One DEF row per NFL team (Sleeper keys a team defense by the team's code: "DEN", "KC"…), linked to its Sleeper id from the start and named as the Sleeper
 * directory names it. NFL.com publishes no defense files, and without these rows a line-up's
 * defense could not be simulated on the server. Existing rows are left as they are.
 */
export async function ensureTeamDefenses(
  deps: Pick<CoreDeps, 'database'>,
  directory: SleeperPlayerDirectory,
): Promise<void> {
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
