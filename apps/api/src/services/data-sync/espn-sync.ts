import { executeRows, type Db } from '@fm/db';
import { sql } from 'drizzle-orm';
import type { CoreDeps } from '../../core-deps.js';
import type { LeagueClients } from '../leagues/clients.js';
import type { SleeperNflState } from '../../integrations/sleeper/schemas.js';
import type { WriteCount } from '../nfl-import/upsert-changed.js';
import { addCounts } from '../nfl-import/upsert-changed.js';
import { ESPN_SOURCE } from '../projections/projection-sources.js';
import { espnBatch, storeEspnProjections } from './espn-projections.js';
import { planSync } from './sync-plan.js';
import { weekKey, type SleeperSyncRecord } from '../sync-record/sync-record.js';

/**
 * ESPN's projections, read from its public player pool (one call a week), for the weeks the sync
 * projects: the current and next week on every run, each completed week of this and last season
 * once. An outage, a spent call budget or a refused answer stops the step, with nothing of the week
 * stored (the rest waits for the next run), and is kept in `record.espnError`; the Sleeper sync goes
 * on, since ESPN is a second expert and the model runs on what is held.
 */
export async function syncEspnProjections(
  deps: Pick<CoreDeps, 'database' | 'log'> & { leagues: Pick<LeagueClients, 'sleeper' | 'espn'> },
  state: SleeperNflState,
  record: SleeperSyncRecord,
  describeFailure: (error: unknown) => string,
): Promise<WriteCount> {
  const count: WriteCount = { created: 0, updated: 0 };
  // the weeks Sleeper's projections are asked for, with ESPN's own record of completed weeks read
  const weeks = planSync(state, {
    finalStatWeeks: [],
    finalProjectionWeeks: record.finalEspnWeeks,
  }).tasks.filter((task) => task.projections);
  if (weeks.length === 0) return count;
  record.espnAttemptAt = new Date().toISOString();
  try {
    const directory = await deps.leagues.sleeper.getPlayers();
    for (const task of weeks) {
      const pool = await deps.leagues.espn.getProjectionPool(task.season, task.week);
      if (pool) addCounts(count, await storeEspnProjections(deps, espnBatch(task, pool, directory)));
      if (task.isFinal) record.finalEspnWeeks.push(weekKey(task.season, task.week));
    }
    record.espnError = null;
    record.espnSuccessAt = new Date().toISOString();
  } catch (error) {
    deps.log.warn({ err: error }, 'ESPN projections not read; what was held before is kept');
    record.espnError = describeFailure(error);
  }
  return count;
}

/** Has a league page stored ESPN projections since the model last ran? */
export async function hasEspnRowsSince(db: Db, since: string | null): Promise<boolean> {
  if (since === null) return false;
  const rows = await executeRows(
    db,
    sql`select 1 from projections where source = ${ESPN_SOURCE} and updated_at > ${since}::timestamptz limit 1`,
  );
  return rows.length > 0;
}
