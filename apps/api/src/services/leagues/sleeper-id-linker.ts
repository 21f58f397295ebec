import { players } from '@fm/db';
import { count } from 'drizzle-orm';
import type { CoreDeps } from '../../core-deps.js';
import { callingUpstreamForTheProduct } from '../../integrations/upstream-caller.js';
import type { LeagueClients } from './clients.js';
import {
  linkSleeperIds,
  readSyncState,
  SLEEPER_ID_SYNC_INTERVAL_MS,
  type SleeperIdSyncState,
} from './player-directory.js';

/**
 * How often the linker looks whether players changed (an import in another process, say) or a day passed:
 * while neither did, a look is one read of the data version.
 */
export const LINK_CHECK_INTERVAL_MS = 10 * 60_000;

/** Linking reads the Sleeper directory itself, and logs a failure instead of throwing it. */
export type LinkingDeps = Pick<CoreDeps, 'database' | 'dataVersion' | 'log'> & {
  leagues: Pick<LeagueClients, 'sleeper'>;
};

export interface SleeperIdLinker {
  /**
   * Gives our players their Sleeper ids unless a run today covered the same players; concurrent callers share one
   * run. Never throws: a failure is logged and answers null (league pages then show fewer projections).
   */
  link(now?: Date): Promise<SleeperIdSyncState | null>;
  /** The run under way, if any (tests await it). */
  current(): Promise<SleeperIdSyncState | null> | null;
  /** A run at start (once `after` settles: the first-start NFL import), then a look every LINK_CHECK_INTERVAL_MS. */
  start(after?: Promise<unknown>): void;
  /** Stops the timer and waits for the run under way. */
  stop(): Promise<void>;
}

/**
 * Keeps our players (NFL.com-sourced) linked to Sleeper's ids, so league rosters join projections: when never run,
 * after a day (Sleeper's directory changes), when the number of players changed (an import), and when a league is
 * linked or players are imported here (their callers ask). A run that links players bumps the data version, as any
 * change to the players does. Pages only read what is linked.
 */
export function createSleeperIdLinker(deps: LinkingDeps): SleeperIdLinker {
  const log = deps.log.child({ task: 'sleeper-ids' });
  let running: Promise<SleeperIdSyncState | null> | null = null;
  /**
   * The last look that found nothing to do: it holds while the data version is the same (an import that adds
   * players bumps it) and the day has not run out, so a look need not count the players.
   */
  let settled: { version: string; until: number; state: SleeperIdSyncState | null } | null = null;
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;

  const run = async (now: Date): Promise<SleeperIdSyncState | null> => {
    try {
      const version = await deps.dataVersion.read();
      if (settled && settled.version === version && now.getTime() < settled.until) return settled.state;
      const previous = await readSyncState(deps);
      const [{ total }] = (await deps.database.db.select({ total: count() }).from(players)) as [
        { total: number },
      ];
      const isFresh =
        previous !== null &&
        previous.playerCount === Number(total) &&
        now.getTime() - Date.parse(previous.syncedAt) < SLEEPER_ID_SYNC_INTERVAL_MS;
      if (isFresh || Number(total) === 0) {
        const until = isFresh
          ? Date.parse(previous.syncedAt) + SLEEPER_ID_SYNC_INTERVAL_MS
          : now.getTime() + SLEEPER_ID_SYNC_INTERVAL_MS;
        settled = { version, until, state: previous };
        return previous;
      }
      // the directory serves everyone: fetching it is the product's call, not the share of whoever asked first
      const linked = await callingUpstreamForTheProduct(async () =>
        linkSleeperIds(deps, await deps.leagues.sleeper.getPlayers(), now),
      );
      // players changed: caches keyed by the data version (a league page's projections) must see them
      if (linked.linked > 0) await deps.dataVersion.bump();
      return linked;
    } catch (error) {
      log.warn({ err: error }, 'could not link players to Sleeper ids');
      return null;
    }
  };

  const link = (now = new Date()): Promise<SleeperIdSyncState | null> => {
    if (running) return running;
    if (isStopped) return Promise.resolve(null);
    running = run(now).finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = () => {
    if (isStopped) return;
    timer = setTimeout(() => {
      void link().finally(schedule);
    }, LINK_CHECK_INTERVAL_MS);
    timer.unref();
  };

  return {
    link,
    current: () => running,
    start(after = Promise.resolve()) {
      const linkAtStart = () => {
        if (!isStopped) void link();
      };
      void after.then(linkAtStart, linkAtStart);
      schedule();
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
