import { withAdvisoryLock } from '@fm/db';
import type { AppDeps } from '../../deps.js';
import { UpstreamRequestError } from '../../integrations/http.js';
import { SleeperSeasonFeed } from '../../integrations/sleeper/season-feed.js';
import { readLiveScoresStatus, writeLiveScoresStatus } from '../live-games/live-scores-status.js';
import { isEveryGameOver } from '../live-games/player-games.js';
import { isAnyGameInProgress, loadLiveWeek, type LiveWeek } from '../live-games/week-games.js';
import type { WeekRef } from '../scoring-check/reconciliation-job.js';
import { SYNC_LOCK_NAME } from './data-sync.js';
import { loadKnownPlayers } from './directory-sync.js';
import { emptyCount, syncWeek, type SyncRunSummary } from './run-sleeper-sync.js';
import { readSyncRecord } from '../sync-record/sync-record.js';
import { readGames } from '../live-games/nfl-schedule.js';
import { decideGameResults } from '../notifications/decide-game-results.js';

/**
 * A game may be under way from kickoff until this long after it (a long game with weather delays): only then is
 * the scoreboard asked. Outside these windows a tick reads nothing from the network.
 */
export const GAME_WINDOW_MS = 6 * 60 * 60_000;

export type LiveTickOutcome =
  /** No game of the current week may be under way: nothing was asked of any upstream. */
  | { kind: 'idle' }
  /** Another process holds the sync lock (it is syncing): this tick left it to them. */
  | { kind: 'skipped' }
  | { kind: 'refreshed'; season: number; week: number; statsChanged: number }
  /** The stats service failed or answered garbage: nothing changed, live scores are paused since `since`. */
  | { kind: 'paused'; since: string; error: string };

export interface LiveSync {
  /**
   * One check: while a game of the current week is in progress, refresh its stats; then reconcile the scoring of
   * a week that has finished, once.
   */
  tick(now?: Date): Promise<LiveTickOutcome>;
  /** Ticks every LIVE_SYNC_SECONDS (not when it or DATA_SYNC_MINUTES is 0). */
  start(): void;
  stop(): Promise<void>;
}

export interface LiveSyncOptions {
  feed?: SleeperSeasonFeed;
}

function describeFailure(error: unknown): string {
  if (error instanceof UpstreamRequestError) return `${error.message} ${error.detail}`.slice(0, 300);
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}

/**
 * The game-day refresh: while any game of the current NFL week is in progress (by the scoreboard, else the clock
 * estimated from kickoff), the week's stats are read every LIVE_SYNC_SECONDS from the Sleeper-compatible service,
 * one process at a time (the data sync's lock), and a change is announced through the data version so every
 * process drops its caches. One more refresh follows the last game's final whistle. The stats service failing
 * changes nothing and marks live scores paused (since the first failure) until it answers again.
 * After that, a finished week's scoring is reconciled with the platform's points by the reconciliation job (one run
 * at a time across processes): the current week once the scoreboard has every game over (leagues whose platform has
 * not closed the week are listed as not final yet), the previous one once the platform's week has moved past it,
 * and again when a league is opened for it later.
 */
export function createLiveSync(deps: AppDeps, options: LiveSyncOptions = {}): LiveSync {
  const feed = options.feed ?? new SleeperSeasonFeed({ baseUrl: deps.config.sleeperApiUrl });
  const log = deps.log.child({ task: 'live-sync' });
  const intervalMs = deps.config.liveSyncSeconds * 1000;
  let wasLive = false;
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  let running: Promise<LiveTickOutcome> | null = null;
  /** Weeks tried here at their final whistle (later runs of a week follow its platform closing it). */
  const triedAtFinalWhistle = new Set<string>();

  const mayBeUnderway = async (season: number, week: number, now: number) => {
    const games = await readGames(deps.database.db, season, week);
    return games.some((game) => {
      const kickoff = game.kickoffAt ? Date.parse(game.kickoffAt) : NaN;
      return kickoff <= now && now - kickoff < GAME_WINDOW_MS;
    });
  };

  const refresh = async (season: number, week: number, now: Date): Promise<LiveTickOutcome> => {
    const record = await readSyncRecord(deps.database);
    const changed: SyncRunSummary['changed'] = {
      players: emptyCount(),
      games: emptyCount(),
      stats: emptyCount(),
      projections: emptyCount(),
      model: emptyCount(),
    };
    const status = await readLiveScoresStatus(deps.database);
    try {
      const players = await loadKnownPlayers(deps.database.db);
      const task = { season, week, stats: true, projections: false, isFinal: false };
      await syncWeek(deps, feed, task, players, record, changed);
    } catch (failure) {
      const since = status.pausedSince ?? now.toISOString();
      const error = describeFailure(failure);
      log.warn({ err: failure, season, week }, 'live scores paused: the week’s stats could not be read');
      await writeLiveScoresStatus(deps.database, { ...status, pausedSince: since, lastError: error });
      return { kind: 'paused', since, error };
    }
    await writeLiveScoresStatus(deps.database, {
      updatedAt: now.toISOString(),
      pausedSince: null,
      lastError: null,
    });
    const statsChanged = changed.stats.created + changed.stats.updated + changed.games.created;
    if (statsChanged > 0) await deps.dataVersion.bump();
    return { kind: 'refreshed', season, week, statsChanged };
  };

  const reconcile = async (week: WeekRef) => {
    try {
      const outcome = await deps.scoringChecks.runFinishedWeek(week);
      if (outcome !== 'already-done')
        log.info({ ...week, outcome }, 'scoring reconciliation of a finished week');
    } catch (error) {
      log.warn({ err: error, ...week }, 'scoring reconciliation failed; the next tick tries again');
    }
  };

  /**
   * The finished weeks' reconciliation, after the stats' last refresh so the week's final stats are compared
   * (`isStatsSettled` false: another process is refreshing, or the stats service failed; a later tick tries).
   */
  const reconcileFinishedWeeks = async (current: WeekRef, live: LiveWeek | null, isStatsSettled: boolean) => {
    // the platform's week (Sleeper's state, as synced) has moved past the previous week: it calls it complete
    if (current.week > 1) await reconcile({ season: current.season, week: current.week - 1 });
    const isOver = live?.clock_source === 'scoreboard' && isEveryGameOver(live.games);
    const key = `${current.season}:${current.week}`;
    if (isOver && isStatsSettled && !triedAtFinalWhistle.has(key)) {
      triedAtFinalWhistle.add(key);
      await reconcile(current);
    }
  };

  const tick = async (at = new Date()): Promise<LiveTickOutcome> => {
    const nflWeek = (await readSyncRecord(deps.database)).nflWeek;
    if (!nflWeek || nflWeek.seasonType !== 'regular') return { kind: 'idle' };
    const { season, week } = nflWeek;
    const now = at.getTime();
    let live: LiveWeek | null = null;
    if (await mayBeUnderway(season, week, now)) {
      live = await loadLiveWeek(deps, { season, week, isWeekComplete: false, now, isFresh: true });
    }
    const isLive = live !== null && isAnyGameInProgress(live);
    // one last read after the final whistle, so the final stats land without waiting for the hourly sync
    const isLastRead = wasLive && !isLive;
    wasLive = isLive;
    let outcome: LiveTickOutcome = { kind: 'idle' };
    if (isLive || isLastRead) {
      const locked = await withAdvisoryLock(deps.database, SYNC_LOCK_NAME, () => refresh(season, week, at));
      // a change is announced through the data version: the timelines are recorded from there
      outcome = locked.acquired ? locked.value : { kind: 'skipped' };
      // the process that refreshed decides the results it brought (each is recorded once whoever decides)
      if (outcome.kind === 'refreshed') {
        await decideGameResults(deps, at).catch((error: unknown) =>
          log.warn({ err: error }, 'game results could not be decided for notifications'),
        );
      }
    }
    await reconcileFinishedWeeks(
      { season, week },
      live,
      outcome.kind === 'idle' || outcome.kind === 'refreshed',
    );
    return outcome;
  };

  const guardedTick = (at?: Date) => {
    running ??= tick(at).finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = () => {
    if (isStopped) return;
    timer = setTimeout(async () => {
      try {
        await guardedTick();
      } catch (error) {
        log.warn({ err: error }, 'live sync tick failed; trying again at the next one');
      }
      schedule();
    }, intervalMs);
    timer.unref();
  };

  return {
    tick: guardedTick,
    start() {
      if (intervalMs === 0 || deps.config.dataSyncMinutes === 0) return;
      schedule();
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
