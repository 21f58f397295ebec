import { executeRows } from '@fm/db';
import { sql } from 'drizzle-orm';
import type { CoreDeps } from '../../core-deps.js';
import type { LeagueClients } from '../leagues/clients.js';
import { UpstreamRequestError } from '../../integrations/http.js';
import type { SleeperSeasonFeed } from '../../integrations/sleeper/season-feed.js';
import { createAlert, hasOpenAlert } from '../alerts/alerts.js';
import { produceModelProjections } from '../nfl-import/model-projections.js';
import { writeProjections } from '../nfl-import/projection-writer.js';
import { addCounts, upsertChanged, type WriteCount } from '../nfl-import/upsert-changed.js';
import { statLineTarget } from '../nfl-import/write-targets.js';
import { inWriteTransaction } from '../nfl-import/write-transaction.js';
import { STAT_COLUMNS } from '../nfl-stats/stat-columns.js';
import { loadKnownPlayers, syncPlayerDirectory } from './directory-sync.js';
import { hasEspnRowsSince, syncEspnProjections } from './espn-sync.js';
import { planSync, type WeekTask } from './sync-plan.js';
import {
  readSyncRecord,
  weekKey,
  writeSyncRecord,
  type SleeperSyncRecord,
} from '../sync-record/sync-record.js';
import { readGames, readWeekGames } from '../live-games/nfl-schedule.js';
import { directoryMaxAgeMs } from './directory-cadence.js';
import { gamesFromTeamStats, scheduledGames, writeGames } from './team-games.js';
import { projectionRowsOf, statRowsOf, type KnownPlayer } from './week-rows.js';

/** After this many failed runs in a row, admins get a `data_sync_failing` alert. */
export const FAILURES_BEFORE_ALERT = 3;
export const DATA_SYNC_ALERT_TYPE = 'data_sync_failing';
/** More steps than an hourly run takes (state, directory, schedule, two live weeks, model): a backfill. */
const BACKFILL_STEPS = 8;
/** An error message kept for the Sources tab is cut to this length. */
const MAX_ERROR_CHARS = 300;

export interface SyncRunSummary {
  isSuccess: boolean;
  rowsChanged: number;
  changed: {
    players: WriteCount;
    games: WriteCount;
    stats: WriteCount;
    projections: WriteCount;
    model: WriteCount;
  };
  weeksFetched: number;
  error: string | null;
  seconds: number;
}

const SLEEPER_STAT_TARGET = statLineTarget(STAT_COLUMNS, true);

export const emptyCount = (): WriteCount => ({ created: 0, updated: 0 });
const total = (count: WriteCount) => count.created + count.updated;

export function describeFailure(error: unknown): string {
  const text =
    error instanceof UpstreamRequestError
      ? `${error.message} ${error.detail}`
      : error instanceof Error
        ? error.message
        : String(error);
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}…` : text;
}

/** What a sync writes with and logs to, and the league clients its ESPN step reads through. */
type SyncDeps = Pick<CoreDeps, 'database' | 'dataVersion' | 'log'> & {
  leagues: Pick<LeagueClients, 'sleeper' | 'espn'>;
};

/**
 * One sync from the Sleeper-compatible service: NFL state, the player directory (a few times a
 * day), the schedule where published, then week by week the stats and projections the plan asks
 * for, each week in one transaction; ESPN's projections of those weeks; then our model's projections
 * if anything changed. A failure
 * part-way keeps the weeks already written (each complete) and everything held before, and is
 * recorded for the Sources tab; repeated failures raise an alert.
 */
export async function runSleeperSync(
  deps: SyncDeps,
  feed: SleeperSeasonFeed,
  options: {
    now?: () => Date;
    signal?: AbortSignal;
    /** Re-read the player directory whatever its age (an admin's "Sync now"). */
    isDirectoryForced?: boolean;
  } = {},
): Promise<SyncRunSummary> {
  const now = options.now ?? (() => new Date());
  const started = performance.now();
  const log = deps.log.child({ task: 'data-sync', source: 'sleeper' });
  const record = await readSyncRecord(deps.database);
  const changed = {
    players: emptyCount(),
    games: emptyCount(),
    stats: emptyCount(),
    projections: emptyCount(),
    model: emptyCount(),
  };
  let weeksFetched = 0;
  const progress = async (step: string, done: number, totalSteps: number) => {
    options.signal?.throwIfAborted();
    // a backfill (a first start, a new season) says how far it is; an hourly run stays quiet
    const isBackfill = totalSteps > BACKFILL_STEPS;
    log[isBackfill ? 'info' : 'debug'](
      { done, total: totalSteps },
      `Sleeper sync: ${step} (${done}/${totalSteps})`,
    );
    record.running = {
      startedAt: record.running?.startedAt ?? now().toISOString(),
      step,
      done,
      total: totalSteps,
    };
    await writeSyncRecord(deps.database, record);
  };
  record.lastAttemptAt = now().toISOString();
  record.running = null;
  let error: string | null = null;

  try {
    await progress('NFL state', 0, 1);
    const state = await feed.state();
    const plan = planSync(state, record);
    record.nflWeek = plan.nflWeek;
    const totalSteps = plan.tasks.length + 4;
    let done = 1;

    const directoryAge = record.directoryFetchedAt
      ? now().getTime() - Date.parse(record.directoryFetchedAt)
      : Infinity;
    let players = await loadKnownPlayers(deps.database.db);
    const kickoffs = plan.currentWeek ? await weekKickoffs(deps, plan.currentWeek) : [];
    const isDirectoryDue =
      options.isDirectoryForced === true ||
      directoryAge >= directoryMaxAgeMs(now(), kickoffs) ||
      players.size === 0;
    if (isDirectoryDue) {
      await progress('player directory', done, totalSteps);
      addCounts(changed.players, await syncPlayerDirectory(deps, await feed.players()));
      record.directoryFetchedAt = now().toISOString();
      players = await loadKnownPlayers(deps.database.db);
    }
    done++;

    if (isDirectoryDue) {
      await progress('schedule', done, totalSteps);
      const seasons = [...new Set(plan.tasks.map((task) => task.season))];
      for (const season of seasons) {
        const schedule = await feed.schedule(season);
        if (schedule)
          addCounts(changed.games, await writeGames(deps.database.db, scheduledGames(season, schedule)));
      }
    }
    done++;

    for (const task of plan.tasks) {
      await progress(describeTask(task), done++, totalSteps);
      await syncWeek(deps, feed, task, players, record, changed);
      weeksFetched++;
    }

    await progress('ESPN projections', done++, totalSteps);
    addCounts(changed.projections, await syncEspnProjections(deps, state, record, describeFailure));

    const dataChanged =
      total(changed.players) + total(changed.stats) + total(changed.projections) + total(changed.games);
    if (
      dataChanged > 0 ||
      !(await hasModelRows(deps, plan.currentWeek)) ||
      (await hasEspnRowsSince(deps.database.db, record.modelRunAt))
    ) {
      await progress('model projections', done, totalSteps);
      // the database's clock, not the run's (a replay's), is what stored rows are stamped with
      record.modelRunAt = new Date().toISOString();
      addCounts(
        changed.model,
        await produceModelProjections(deps.database, { current: plan.currentWeek ?? undefined }),
      );
    }
    record.lastSuccessAt = now().toISOString();
    record.lastError = null;
    record.consecutiveFailures = 0;
  } catch (failure) {
    if (options.signal?.aborted) {
      log.info('Sleeper sync stopped by shutdown; it resumes at the next run');
      error = 'stopped by shutdown';
    } else {
      log.warn({ err: failure }, 'Sleeper sync failed; the data held before is still served');
      error = describeFailure(failure);
      record.lastError = error;
      record.consecutiveFailures += 1;
    }
  }

  const rowsChanged = Object.values(changed).reduce((sum, count) => sum + total(count), 0);
  record.lastRowsChanged = rowsChanged;
  record.running = null;
  await writeSyncRecord(deps.database, record);
  if (rowsChanged > 0) await deps.dataVersion.bump();
  if (error !== null && record.consecutiveFailures >= FAILURES_BEFORE_ALERT)
    await raiseFailingAlert(deps, record);
  const summary: SyncRunSummary = {
    isSuccess: error === null,
    rowsChanged,
    changed,
    weeksFetched,
    error,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  if (error === null)
    log.info(
      { ...summary, error: undefined },
      `Sleeper sync done: ${rowsChanged} rows changed in ${summary.seconds} s`,
    );
  return summary;
}

/** The kickoffs of a week's games, as held (the directory is read more often around them). */
export async function weekKickoffs(
  deps: Pick<CoreDeps, 'database'>,
  week: { season: number; week: number },
): Promise<Date[]> {
  const games = await readGames(deps.database.db, week.season, week.week);
  return games.flatMap((game) => (game.kickoffAt ? [new Date(game.kickoffAt)] : []));
}

function describeTask(task: WeekTask): string {
  const parts = [task.stats ? 'stats' : null, task.projections ? 'projections' : null].filter(Boolean);
  return `${parts.join(' and ')} ${task.season} week ${task.week}`;
}

/** Fetches and writes one week's stats and/or projections in one transaction (the live sync reuses it). */
export async function syncWeek(
  deps: SyncDeps,
  feed: SleeperSeasonFeed,
  task: WeekTask,
  players: ReadonlyMap<string, KnownPlayer>,
  record: SleeperSyncRecord,
  changed: SyncRunSummary['changed'],
): Promise<void> {
  const { season, week } = task;
  const stats = task.stats ? await feed.weekStats(season, week) : null;
  const projections = task.projections ? await feed.weekProjections(season, week) : null;
  const written = await inWriteTransaction(deps.database, async (db) => {
    const games = stats ? await writeGames(db, gamesFromTeamStats(season, week, stats)) : emptyCount();
    const weekGames = await readWeekGames(db, season, week);
    const statRows = stats ? statRowsOf(season, week, stats, players, weekGames) : [];
    const projectionRows = projections ? projectionRowsOf(season, week, projections, players, weekGames) : [];
    return {
      games,
      stats: await upsertChanged(db, SLEEPER_STAT_TARGET, statRows),
      projections: await writeProjections(db, projectionRows),
      statRows: statRows.length,
      projectionRows: projectionRows.length,
    };
  });
  addCounts(changed.games, written.games);
  addCounts(changed.stats, written.stats);
  addCounts(changed.projections, written.projections);
  // a completed week is final once it came back with data; an empty answer is asked again next run
  const key = weekKey(season, week);
  if (task.isFinal && task.stats && written.statRows > 0) record.finalStatWeeks.push(key);
  if (task.isFinal && task.projections && written.projectionRows > 0) record.finalProjectionWeeks.push(key);
}

async function hasModelRows(deps: SyncDeps, week: { season: number; week: number } | null): Promise<boolean> {
  if (!week) return true;
  const rows = await executeRows(
    deps.database.db,
    sql`select 1 from projections where source = 'model' and season = ${week.season} and week = ${week.week} limit 1`,
  );
  return rows.length > 0;
}

async function raiseFailingAlert(deps: SyncDeps, record: SleeperSyncRecord): Promise<void> {
  if (await hasOpenAlert(deps.database, DATA_SYNC_ALERT_TYPE)) return;
  const message = `The Sleeper data sync has failed ${record.consecutiveFailures} times in a row; the data held before is still served. Last error: ${record.lastError}`;
  await createAlert(deps.database, DATA_SYNC_ALERT_TYPE, message);
  deps.log.warn({ alert: DATA_SYNC_ALERT_TYPE }, message);
}
